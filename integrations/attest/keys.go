// Package attest signs autoverify's verdicts as in-toto attestations —
// Statement v1 in a DSSE envelope (github.com/secure-systems-lab/
// go-securesystemslib/dsse), with the test-result predicate for each check
// and SLSA's Verification Summary for the run (the in-toto attestation Go
// bindings) — and verifies them offline with the public key alone, as
// cosign's verify-blob-attestation does.
//
// Keys are PEM: a PKCS #8 private key (ECDSA P-256, the default, or
// Ed25519) and its PKIX public key. A key is named by its fingerprint,
// "SHA256:" and the hex SHA-256 of the public key's DER encoding; the
// envelopes' keyid is the same digest without the prefix, and verification
// never trusts it: a signature counts only when the key the verifier was
// given checks it.
package attest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
)

// Kind is a key's algorithm.
type Kind string

// The kinds of key autoverify signs with.
const (
	ECDSAP256 Kind = "ecdsa-p256"
	Ed25519   Kind = "ed25519"
)

// GenerateKey makes a key pair of kind and returns both halves as PEM.
func GenerateKey(kind Kind) (private, public []byte, err error) {
	var key crypto.Signer
	switch kind {
	case ECDSAP256, "":
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case Ed25519:
		_, key, err = ed25519.GenerateKey(rand.Reader)
	default:
		return nil, nil, fmt.Errorf("attest: key kind %q: want %s or %s", kind, ECDSAP256, Ed25519)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("attest: generating a key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, fmt.Errorf("attest: encoding the private key: %w", err)
	}
	public, err = PublicPEM(key.Public())
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), public, nil
}

// PublicPEM encodes a public key as PKIX PEM.
func PublicPEM(pub crypto.PublicKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, fmt.Errorf("attest: encoding the public key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), nil
}

// ParsePrivate reads a PEM private key (PKCS #8, or SEC 1 "EC PRIVATE
// KEY"): ECDSA P-256 or Ed25519.
func ParsePrivate(data []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("not a PEM private key (want -----BEGIN PRIVATE KEY-----)")
	}
	var key any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("PEM block %q is not a private key", block.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the private key: %w", err)
	}
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		if k.Curve != elliptic.P256() {
			return nil, fmt.Errorf("ECDSA key on %s: want P-256", k.Curve.Params().Name)
		}
		return k, nil
	case ed25519.PrivateKey:
		return k, nil
	}
	return nil, fmt.Errorf("a %T key: want ECDSA P-256 or Ed25519", key)
}

// ParsePublic reads a PEM public key (PKIX): ECDSA P-256 or Ed25519.
func ParsePublic(data []byte) (crypto.PublicKey, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PUBLIC KEY" {
		return nil, errors.New("not a PEM public key (want -----BEGIN PUBLIC KEY-----)")
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("reading the public key: %w", err)
	}
	switch k := key.(type) {
	case *ecdsa.PublicKey:
		if k.Curve != elliptic.P256() {
			return nil, fmt.Errorf("ECDSA key on %s: want P-256", k.Curve.Params().Name)
		}
		return k, nil
	case ed25519.PublicKey:
		return k, nil
	}
	return nil, fmt.Errorf("a %T key: want ECDSA P-256 or Ed25519", key)
}

// keyID is the hex SHA-256 of the public key's PKIX DER encoding: the
// envelopes' keyid, as go-securesystemslib's dsse.SHA256KeyID computes it.
func keyID(pub crypto.PublicKey) (string, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return "", fmt.Errorf("attest: encoding the public key: %w", err)
	}
	sum := sha256.Sum256(der)
	return hex.EncodeToString(sum[:]), nil
}

// Fingerprint names a public key: "SHA256:" and the hex SHA-256 of its
// PKIX DER encoding.
func Fingerprint(pub crypto.PublicKey) (string, error) {
	id, err := keyID(pub)
	if err != nil {
		return "", err
	}
	return "SHA256:" + id, nil
}
