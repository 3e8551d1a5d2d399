{{/* Chart name, truncated to the 63 characters a DNS label allows. */}}
{{- define "autoverify.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Full name: release-chart unless the release name already contains the chart name. */}}
{{- define "autoverify.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "autoverify.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "autoverify.baseLabels" -}}
helm.sh/chart: {{ include "autoverify.chart" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "autoverify.labels" -}}
{{ include "autoverify.baseLabels" . }}
{{ include "autoverify.selectorLabels" . }}
{{- end -}}

{{- define "autoverify.redisLabels" -}}
{{ include "autoverify.baseLabels" . }}
{{ include "autoverify.redisSelectorLabels" . }}
{{- end -}}

{{- define "autoverify.selectorLabels" -}}
app.kubernetes.io/name: {{ include "autoverify.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: server
{{- end -}}

{{- define "autoverify.redisSelectorLabels" -}}
app.kubernetes.io/name: {{ include "autoverify.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: redis
{{- end -}}

{{- define "autoverify.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "autoverify.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The Secret holding the sensitive values: an existing one or the chart's. */}}
{{- define "autoverify.secretName" -}}
{{- default (include "autoverify.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{/* How autoverify reaches Redis: "external", "existingSecret", "bundled" or "" (embedded store). */}}
{{- define "autoverify.redisMode" -}}
{{- if .Values.redis.existingSecret -}}existingSecret
{{- else if .Values.redis.url -}}external
{{- else if .Values.redis.bundled.enabled -}}bundled
{{- end -}}
{{- end -}}

{{- define "autoverify.redisName" -}}
{{- printf "%s-redis" (include "autoverify.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "autoverify.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- printf "https://%s" (index .Values.ingress.hosts 0).host -}}
{{- end -}}
{{- end -}}

{{/* Fails the render on settings that cannot work. */}}
{{/* The namespace the kubernetes runner's Jobs run in. */}}
{{- define "autoverify.jobsNamespace" -}}
{{- default .Release.Namespace .Values.runner.kubernetes.namespace -}}
{{- end -}}

{{/* Whether the Role for the kubernetes runner is rendered. */}}
{{- define "autoverify.rbac" -}}
{{- if or .Values.rbac.create (eq .Values.runner.kind "kubernetes") -}}true{{- end -}}
{{- end -}}

{{- define "autoverify.validate" -}}
{{- if not (has .Values.runner.kind (list "kubernetes" "docker" "local")) -}}
{{- fail (printf "runner.kind=%q: want kubernetes, docker or local" .Values.runner.kind) -}}
{{- end -}}
{{- $replicas := int .Values.replicaCount -}}
{{- if and (gt $replicas 1) (not (include "autoverify.redisMode" .)) -}}
{{- fail (printf "replicaCount=%d needs Redis: without it each pod has its own embedded ledger (bbolt under ENGINEO_STATE_DIR) and in-process queue, which cannot be shared, so loop limits and deduplication would break. Set redis.url, redis.existingSecret or redis.bundled.enabled=true, or use replicaCount=1." $replicas) -}}
{{- end -}}
{{- if and .Values.redis.url .Values.secrets.existingSecret (not .Values.redis.existingSecret) -}}
{{- fail "redis.url is stored in the chart's Secret, which secrets.existingSecret replaces: put the URL into your Secret (key secrets.keys.redisUrl) and set redis.existingSecret to its name" -}}
{{- end -}}
{{- if and .Values.signing.enabled (not .Values.signing.key) (not .Values.secrets.existingSecret) -}}
{{- fail "signing.enabled=true needs the key: --set-file signing.key=autoverify-signing.key (autoverify keys generate makes one), or secrets.existingSecret holding it under secrets.keys.signingKey" -}}
{{- end -}}
{{- if and .Values.jira.enabled (not .Values.jira.url) -}}
{{- fail "jira.enabled=true needs jira.url (e.g. https://acme.atlassian.net)" -}}
{{- end -}}
{{- if and .Values.jira.enabled (not .Values.jira.projects) -}}
{{- fail "jira.enabled=true needs jira.projects (e.g. {KAN: acme/web}): the Jira project to GitHub repository map" -}}
{{- end -}}
{{- if and .Values.persistence.enabled (gt $replicas 1) (not .Values.persistence.existingClaim) -}}
{{- fail "persistence.enabled with replicaCount > 1 needs persistence.existingClaim on a ReadWriteMany volume: a created ReadWriteOnce claim cannot be mounted by several pods" -}}
{{- end -}}
{{- end -}}
