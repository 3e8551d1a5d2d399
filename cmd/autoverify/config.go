package main

import (
	"github.com/engineo/autoverify/bot/settings"
)

// retentionSetting is the one dashboard setting every command that
// records runs reads (settings.Retention).
var retentionSetting = settings.Named(settings.Dashboard, "run-retention")
