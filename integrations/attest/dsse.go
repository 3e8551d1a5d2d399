package attest

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"errors"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
)

// PayloadType is the DSSE payload type of an in-toto statement.
const PayloadType = "application/vnd.in-toto+json"

// signerVerifier is a key as go-securesystemslib's DSSE wants it: ECDSA
// P-256 signs the SHA-256 of the pre-authentication encoding, ASN.1 DER
// (what cosign verifies); Ed25519 signs the encoding itself.
type signerVerifier struct {
	private crypto.Signer // nil for a verifier
	public  crypto.PublicKey
	id      string
}

var (
	_ dsse.Signer   = signerVerifier{}
	_ dsse.Verifier = signerVerifier{}
)

func newSigner(key crypto.Signer) (signerVerifier, error) {
	id, err := keyID(key.Public())
	return signerVerifier{private: key, public: key.Public(), id: id}, err
}

func newVerifier(pub crypto.PublicKey) (signerVerifier, error) {
	id, err := keyID(pub)
	return signerVerifier{public: pub, id: id}, err
}

// Sign implements dsse.Signer.
func (s signerVerifier) Sign(_ context.Context, data []byte) ([]byte, error) {
	switch k := s.private.(type) {
	case *ecdsa.PrivateKey:
		sum := sha256.Sum256(data)
		return ecdsa.SignASN1(rand.Reader, k, sum[:])
	case ed25519.PrivateKey:
		return ed25519.Sign(k, data), nil
	}
	return nil, errors.New("attest: no private key to sign with")
}

// Verify implements dsse.Verifier.
func (s signerVerifier) Verify(_ context.Context, data, sig []byte) error {
	ok := false
	switch k := s.public.(type) {
	case *ecdsa.PublicKey:
		sum := sha256.Sum256(data)
		ok = ecdsa.VerifyASN1(k, sum[:], sig)
	case ed25519.PublicKey:
		ok = ed25519.Verify(k, data, sig)
	}
	if !ok {
		return errors.New("signature does not verify with this key")
	}
	return nil
}

// KeyID implements dsse.Signer and dsse.Verifier: the key's digest, which
// is only a hint in an envelope (the signature decides).
func (s signerVerifier) KeyID() (string, error) { return s.id, nil }

// Public implements dsse.Verifier.
func (s signerVerifier) Public() crypto.PublicKey { return s.public }
