package sandboxinit

// sysSetns is setns(2) on amd64 (arch/x86/entry/syscalls/syscall_64.tbl);
// package syscall does not name it there.
const sysSetns = 308
