package sandboxinit

// sysSetns is setns(2) in the generic table (include/uapi/asm-generic/unistd.h).
const sysSetns = 268
