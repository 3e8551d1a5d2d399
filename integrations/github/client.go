package github

import (
	"errors"
	"log/slog"
	"net/http"

	gh "github.com/google/go-github/v60/github"

	"github.com/engineo/autoverify/integrations/httpretry"
)

// Client acts as one installation of the App. It is safe for concurrent use;
// get it from App.Client.
type Client struct {
	gh             *gh.Client
	download       *http.Client
	appID          int64
	installationID int64
	log            *slog.Logger
	retry          *httpretry.Transport // for its Backoff between look-then-create rounds
	limits         ExtractLimits
	workspaceRoot  string
}

// createRounds bounds look-then-create rounds after a create answered 5xx.
const createRounds = 3

// InstallationID is the installation this client acts for.
func (c *Client) InstallationID() int64 { return c.installationID }

// GitHub is the underlying go-github client, for calls this package does not
// wrap. Requests through it share the token cache and the retry policy.
func (c *Client) GitHub() *gh.Client { return c.gh }

// notFound marks a 404 so errors.Is(err, ErrNotFound) holds while the
// go-github error (with GitHub's message) stays reachable through Unwrap.
type notFound struct{ err error }

func (e notFound) Error() string        { return e.err.Error() }
func (e notFound) Unwrap() error        { return e.err }
func (e notFound) Is(target error) bool { return target == ErrNotFound }

// classify turns a 404 from go-github into an error that matches
// ErrNotFound; anything else passes through.
func classify(err error, resp *gh.Response) error {
	if err == nil {
		return nil
	}
	var er *gh.ErrorResponse
	if (resp != nil && resp.StatusCode == http.StatusNotFound) ||
		(errors.As(err, &er) && er.Response != nil && er.Response.StatusCode == http.StatusNotFound) {
		return notFound{err}
	}
	return err
}
