package media

import (
	"context"
	"path/filepath"
	"time"

	"rendezvous/engine/platform/config"
)

// Open returns the store the configuration names: the S3 bucket when
// S3_ENDPOINT is set, otherwise local disk under <data>/media.
func Open(ctx context.Context, cfg *config.Config) (Store, error) {
	if cfg.S3.Endpoint != "" {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		return NewS3(ctx, cfg.S3)
	}
	return NewLocal(filepath.Join(cfg.DataDir, "media"))
}
