//go:build race

package failure

const raceEnabled = true
