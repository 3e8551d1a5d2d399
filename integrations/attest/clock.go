package attest

import "time"

// now is the attester's clock: Now, or the system's.
func (a *Attester) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}
