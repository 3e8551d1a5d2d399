package sandboxinit

import (
	"syscall"
	"unsafe"
)

// The few system calls the init needs beyond package syscall, written out
// here instead of taken from golang.org/x/sys/unix, which would make this
// package initialise after the rest of autoverify's (regular-expression
// tables, templates: about 10 ms of every sandbox's start).
// Numbers and layouts are the kernel's stable ABI (include/uapi); the
// syscall numbers of mount_setattr are the same on every architecture.

const (
	sysMountSetattr = 442
	sysCloseRange   = 436

	atRecursive = 0x8000

	mountAttrRdonly = 0x1
	mountAttrNosuid = 0x2
	mountAttrNodev  = 0x4
	mountAttrNoexec = 0x8

	prCapbsetDrop        = 24
	prSetSecurebits      = 28
	prSetDumpable        = 4
	prSetNoNewPrivs      = 38
	prCapAmbient         = 47
	prCapAmbientClearAll = 4

	rlimitNPROC = 6

	linuxCapabilityVersion3 = 0x20080522

	siocSIFFLAGS = 0x8914
	iffUp        = 0x1
	iffLoopback  = 0x8
	iffRunning   = 0x40
)

// mountAttr is struct mount_attr.
type mountAttr struct {
	set, clr, propagation, usernsFD uint64
}

// mountSetattr sets mount attributes on path's mount and every mount below.
func mountSetattr(path string, set, clr uint64) error {
	p, err := syscall.BytePtrFromString(path)
	if err != nil {
		return err
	}
	attr := mountAttr{set: set, clr: clr}
	dirfd := -100 // AT_FDCWD
	_, _, errno := syscall.Syscall6(sysMountSetattr, uintptr(dirfd), uintptr(unsafe.Pointer(p)), atRecursive,
		uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if errno != 0 {
		return errno
	}
	return nil
}

func prctl(option int, arg2, arg3, arg4, arg5 uintptr) error {
	_, _, errno := syscall.Syscall6(syscall.SYS_PRCTL, uintptr(option), arg2, arg3, arg4, arg5, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// capsetNone empties the calling thread's effective, permitted and
// inheritable capability sets.
func capsetNone() error {
	hdr := struct {
		version uint32
		pid     int32
	}{version: linuxCapabilityVersion3}
	var data [2]struct{ effective, permitted, inheritable uint32 }
	_, _, errno := syscall.RawSyscall(syscall.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// ifUp sets a network interface up (SIOCSIFFLAGS) through socket fd.
func ifUp(fd int, name string) error {
	var ifr struct {
		name  [16]byte
		flags uint16
		_     [22]byte
	}
	copy(ifr.name[:], name)
	ifr.flags = iffUp | iffLoopback | iffRunning
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), siocSIFFLAGS, uintptr(unsafe.Pointer(&ifr)))
	if errno != 0 {
		return errno
	}
	return nil
}
