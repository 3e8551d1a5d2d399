package assemble

import (
	"errors"
	"io/fs"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/attest"
)

// Attester is the signer ENGINEO_SIGNING_KEY names, or nil when it names
// none (runs are then unsigned, and say so). workdir is the tree checks
// run in ("" for none), which may not hold the key.
func (e Env) Attester(lookup settings.Lookup, workdir string) (bot.Attester, error) {
	path, src := lookup("signing-key")
	if path == "" {
		return nil, nil
	}
	if err := settings.SigningKeyOutside(lookup, workdir); err != nil {
		return nil, err
	}
	a, err := attest.LoadAttester(path, "https://github.com/engineo/autoverify@"+e.Version)
	var unread *fs.PathError
	switch {
	case errors.As(err, &unread):
		return nil, cli.InputErrorf("%s=%s: %v; point it at a PEM private key (autoverify keys generate makes one)", src, path, err)
	case err != nil:
		return nil, cli.InputErrorf("%s=%s: %v", src, path, err)
	}
	return a, nil
}
