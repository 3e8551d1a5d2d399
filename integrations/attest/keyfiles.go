package attest

import (
	"fmt"
	"io/fs"
	"os"
)

// WriteKeyPair makes a key pair of kind (GenerateKey) and writes it to
// prefix.key (the private half, mode 0600) and prefix.pub (mode 0644),
// never over an existing file: both paths are checked before either is
// written, so a refusal leaves no half pair behind, and each file is
// created exclusively, so one made in between is not overwritten either.
// It returns the key's Fingerprint. An existing file is an *fs.PathError
// for which errors.Is(err, fs.ErrExist) holds.
func WriteKeyPair(kind Kind, prefix string) (fingerprint string, err error) {
	priv, pub, err := GenerateKey(kind)
	if err != nil {
		return "", err
	}
	files := []struct {
		path string
		data []byte
		mode os.FileMode
	}{{prefix + ".key", priv, 0o600}, {prefix + ".pub", pub, 0o644}}
	for _, f := range files {
		if _, err := os.Lstat(f.path); err == nil {
			return "", &fs.PathError{Op: "create", Path: f.path, Err: fs.ErrExist}
		}
	}
	for _, f := range files {
		w, err := os.OpenFile(f.path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, f.mode)
		if err != nil {
			return "", err
		}
		_, err = w.Write(f.data)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", fmt.Errorf("writing %s: %w", f.path, err)
		}
	}
	key, err := ParsePublic(pub)
	if err != nil {
		return "", err
	}
	return Fingerprint(key)
}

// LoadAttester is the Attester signing with the PEM private key in the
// file at path (ParsePrivate). A file it cannot read is an *fs.PathError.
func LoadAttester(path, verifierID string) (*Attester, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	key, err := ParsePrivate(raw)
	if err != nil {
		return nil, err
	}
	return NewAttester(key, verifierID)
}
