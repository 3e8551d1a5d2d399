package bot

import (
	"context"

	"github.com/engineo/autoverify/bot/verify"
)

// ProgressPublisher is a Publisher that also hears of each checklist
// item's outcome as it lands, before the verdict (the run history shows
// items as they finish).
type ProgressPublisher interface {
	Publisher
	Progress(ctx context.Context, v *Verification, o verify.Outcome)
}

// landed tells the progress publishers of each outcome; nil when there
// are none.
func (p *Pipeline) landed(ctx context.Context, v *Verification) func(verify.Outcome) {
	var pps []ProgressPublisher
	for _, pub := range p.publishers(v) {
		if pp, ok := pub.(ProgressPublisher); ok {
			pps = append(pps, pp)
		}
	}
	if len(pps) == 0 {
		return nil
	}
	return func(o verify.Outcome) {
		for _, pp := range pps {
			pp.Progress(ctx, v, o)
		}
	}
}

// PipelineRunner runs a request (*Pipeline, or one wrapped: the run
// history's Around).
type PipelineRunner interface {
	Run(ctx context.Context, req Request) (*Verification, error)
}
