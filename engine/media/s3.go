package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"rendezvous/engine/platform/config"
)

// ObjectPrefix is put before every key in the bucket, so the bucket's
// object paths match the engine's /media/<key> URLs and a CDN can serve the
// bucket directly with the tenant's cdn_prefix.
const ObjectPrefix = "media/"

// S3 keeps blobs in an S3-compatible bucket.
type S3 struct {
	client *minio.Client
	bucket string
}

// NewS3 connects to the bucket and creates it when it does not exist, so a
// fresh MinIO works without set-up.
func NewS3(ctx context.Context, c config.S3) (*S3, error) {
	if c.Endpoint == "" || c.Bucket == "" {
		return nil, errors.New("media: S3_ENDPOINT and S3_BUCKET are both needed")
	}
	client, err := minio.New(c.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure: c.UseSSL,
		Region: c.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("media: S3 client: %w", err)
	}
	ok, err := client.BucketExists(ctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("media: S3 bucket %s: %w", c.Bucket, err)
	}
	if !ok {
		if err := client.MakeBucket(ctx, c.Bucket, minio.MakeBucketOptions{Region: c.Region}); err != nil {
			return nil, fmt.Errorf("media: create S3 bucket %s: %w", c.Bucket, err)
		}
	}
	return &S3{client: client, bucket: c.Bucket}, nil
}

// Kind is "s3".
func (s *S3) Kind() string { return "s3" }

// Put uploads the blob with the caching headers a CDN in front of the bucket
// should pass on.
func (s *S3) Put(ctx context.Context, key string, body []byte, contentType string) error {
	if !ValidKey(key) {
		return ErrBadKey
	}
	_, err := s.client.PutObject(ctx, s.bucket, ObjectPrefix+key, bytes.NewReader(body), int64(len(body)),
		minio.PutObjectOptions{ContentType: contentType, CacheControl: CacheControl})
	if err != nil {
		return fmt.Errorf("media: S3 put %s: %w", key, err)
	}
	return nil
}

// Open stats the object (so a missing one is ErrNotFound before any byte is
// written) and returns a reader that fetches ranges on demand.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error) {
	if !ValidKey(key) {
		return nil, Info{}, ErrNotFound
	}
	obj, err := s.client.GetObject(ctx, s.bucket, ObjectPrefix+key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, fmt.Errorf("media: S3 get %s: %w", key, err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		if isNotFound(err) {
			return nil, Info{}, ErrNotFound
		}
		return nil, Info{}, fmt.Errorf("media: S3 stat %s: %w", key, err)
	}
	return obj, Info{Size: st.Size, ModTime: st.LastModified, ContentType: st.ContentType}, nil
}

// Delete removes the object; S3 answers success for a missing one.
func (s *S3) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return ErrBadKey
	}
	if err := s.client.RemoveObject(ctx, s.bucket, ObjectPrefix+key, minio.RemoveObjectOptions{}); err != nil && !isNotFound(err) {
		return fmt.Errorf("media: S3 delete %s: %w", key, err)
	}
	return nil
}

func isNotFound(err error) bool {
	r := minio.ToErrorResponse(err)
	return r.StatusCode == http.StatusNotFound || r.Code == "NoSuchKey"
}
