//go:build linux && !amd64 && !arm64

package sandboxinit

// sysSetns is unknown here: the init makes its network namespace once the
// spec asks for one (see isolateNetworkEarly).
const sysSetns = 0
