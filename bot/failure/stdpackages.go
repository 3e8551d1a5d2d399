package failure

import (
	"bytes"
	"regexp"
	"strings"
)

// stdPackages are the standard library's importable packages as Go 1.26
// lists them (`go list std`, internal and vendor packages left out):
// a package go says "is not in std" (or, before Go 1.22, "is not in
// GOROOT") that is one of them is there in a newer or a whole toolchain
// and missing from this one — the setup's; one that is not is no
// standard package at all — an import the code misspelt, or its own
// package written without its module path. TestStdPackagesCurrent keeps
// the list a superset of the toolchain's.
var stdPackages = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Fields(`
		archive/tar archive/zip bufio bytes cmp compress/bzip2 compress/flate compress/gzip
		compress/lzw compress/zlib container/heap container/list container/ring context crypto
		crypto/aes crypto/cipher crypto/des crypto/dsa crypto/ecdh crypto/ecdsa crypto/ed25519
		crypto/elliptic crypto/fips140 crypto/hkdf crypto/hmac crypto/hpke crypto/md5 crypto/mlkem
		crypto/mlkem/mlkemtest crypto/pbkdf2 crypto/rand crypto/rc4 crypto/rsa crypto/sha1 crypto/sha256
		crypto/sha3 crypto/sha512 crypto/subtle crypto/tls crypto/x509 crypto/x509/pkix database/sql
		database/sql/driver debug/buildinfo debug/dwarf debug/elf debug/gosym debug/macho debug/pe
		debug/plan9obj embed encoding encoding/ascii85 encoding/asn1 encoding/base32 encoding/base64
		encoding/binary encoding/csv encoding/gob encoding/hex encoding/json encoding/pem encoding/xml
		errors expvar flag fmt go/ast go/build go/build/constraint go/constant go/doc go/doc/comment
		go/format go/importer go/parser go/printer go/scanner go/token go/types go/version hash
		hash/adler32 hash/crc32 hash/crc64 hash/fnv hash/maphash html html/template image image/color
		image/color/palette image/draw image/gif image/jpeg image/png index/suffixarray io io/fs io/ioutil
		iter log log/slog log/syslog maps math math/big math/bits math/cmplx math/rand math/rand/v2 mime
		mime/multipart mime/quotedprintable net net/http net/http/cgi net/http/cookiejar net/http/fcgi
		net/http/httptest net/http/httptrace net/http/httputil net/http/pprof net/mail net/netip net/rpc
		net/rpc/jsonrpc net/smtp net/textproto net/url os os/exec os/signal os/user path path/filepath
		plugin reflect regexp regexp/syntax runtime runtime/cgo runtime/coverage runtime/debug
		runtime/metrics runtime/pprof runtime/race runtime/trace slices sort strconv strings structs
		sync sync/atomic syscall testing testing/cryptotest testing/fstest testing/iotest testing/quick
		testing/slogtest testing/synctest text/scanner text/tabwriter text/template text/template/parse
		time time/tzdata unicode unicode/utf16 unicode/utf8 unique unsafe weak
	`) {
		m[p] = true
	}
	return m
}()

// notInStd is go refusing an import path with no dot in its first
// element that its standard library does not have.
var notInStd = regexp.MustCompile(`package (\S+) is not in (?:GOROOT|std)\b`)

// stdPackageMissing: go could not find a standard-library import (see
// stdPackages): the setup's when a Go toolchain has the package, the
// code's when none has. A path under the tree's own module path (a module
// named without a dot, "module m") is left to the setup rule and the tree
// rule (tree.go), which know whether a build step may make it.
func stdPackageMissing(in *input) (Type, bool) {
	if !bytes.Contains(in.text, []byte(" is not in ")) {
		return "", false
	}
	ms := notInStd.FindAllSubmatch(in.text, -1)
	if len(ms) == 0 {
		return "", false
	}
	mod := ""
	if in.tree != nil {
		mod = modulePath(in.tree)
	}
	for _, m := range ms {
		p := string(m[1])
		if stdPackages[p] || (mod != "" && (p == mod || strings.HasPrefix(p, mod+"/"))) {
			return "", false
		}
	}
	return CodeError, true
}
