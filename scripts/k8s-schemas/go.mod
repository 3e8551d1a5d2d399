module github.com/engineo/autoverify/scripts/k8s-schemas

go 1.26
