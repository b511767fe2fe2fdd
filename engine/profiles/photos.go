package profiles

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/media"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/trust"
)

// Photo limits.
const (
	FreePhotoLimit    = 3
	PremiumPhotoLimit = 25
)

// PhotoLimit is how many photos a member may have; house profiles have the
// premium limit.
func PhotoLimit(paidUser bool) int {
	if paidUser {
		return PremiumPhotoLimit
	}
	return FreePhotoLimit
}

// ErrPhotoNotFound means the member has no photo with that id.
var ErrPhotoNotFound = refusal.New(refusal.NotFound, "photo_not_found", "This photo could not be found.")

// ErrPhotoOrder means a reorder list that is not exactly the member's photos.
var ErrPhotoOrder = refusal.New(refusal.Invalid, "order_invalid", "The order must list each of your photos exactly once.")

// ErrPhotoLimit refuses a photo over the member's limit; photoLimit fills
// in the limit.
var ErrPhotoLimit = refusal.New(refusal.Forbidden, "photo_limit",
	fmt.Sprintf("You can have up to {limit} photos. Free members can have up to %d photos, premium members up to %d.",
		FreePhotoLimit, PremiumPhotoLimit))

func photoLimit(limit int, premium bool) error {
	return ErrPhotoLimit.With(map[string]any{"limit": limit, "premium": premium})
}

// Service holds what the profile rules need.
type Service struct {
	Pool *pgxpool.Pool
	// Read takes the reads that tolerate lag: search, another member's
	// profile, the home page's teasers and the landers' members. It is a read
	// replica when the install has one (DATABASE_READ_URL), so those reads,
	// the bulk of the traffic, leave the primary to the writes; otherwise
	// it is Pool. Reads of the member's own data (their profile, their
	// notes) and every read inside a write stay on Pool, where the
	// member's own change is always visible.
	Read  database.Conn
	Store media.Store
	// Blobs releases the photos' references to their blobs; the media area
	// deletes a blob once nothing holds it.
	Blobs  *media.Blobs
	Images *media.Processor
	// Jobs queues the trust check of every uploaded photo in the upload's
	// transaction; nil checks none (tests of other rules).
	Jobs trust.Inserter
	Log  *slog.Logger
	// Now is the clock; tests replace it.
	Now func() time.Time
}

// NewService returns a service with the real clock; read takes the reads
// that tolerate lag (a read replica), nil for pool.
func NewService(pool *pgxpool.Pool, read database.Conn, store media.Store, blobs *media.Blobs, images *media.Processor, log *slog.Logger) *Service {
	if read == nil {
		read = pool
	}
	return &Service{Pool: pool, Read: read, Store: store, Blobs: blobs, Images: images, Log: log, Now: time.Now}
}

// reader is Read, or Pool on a Service made without NewService.
func (s *Service) reader() database.Conn {
	if s.Read != nil {
		return s.Read
	}
	return s.Pool
}

// photoHolder names a photo as the holder of its two blobs.
func photoHolder(id int64) string { return media.Holder("photo", id) }

// PhotoState is a member's photos and how many they may have.
type PhotoState struct {
	Photos []Image `json:"photos"`
	Limit  int     `json:"photo_limit"`
}

// OwnPhotos lists the member's photos in their order, every status.
func (s *Service) OwnPhotos(ctx context.Context, memberID int64, paidUser bool) (PhotoState, error) {
	rows, err := db.New(s.Pool).PhotoListByProfile(ctx, memberID)
	if err != nil {
		return PhotoState{}, fmt.Errorf("list photos of %d: %w", memberID, err)
	}
	return PhotoState{Photos: images(rows, cdnPrefix(ctx)), Limit: PhotoLimit(paidUser)}, nil
}

// AddPhoto turns an upload into a display image and a thumbnail, stores
// both and records the photo, pending when the tenant moderates photos.
// The limit is checked twice: cheaply before the costly decoding (so a
// member at the limit costs nothing) and for certain in the transaction that
// inserts, with the member row locked so parallel uploads cannot overshoot.
func (s *Service) AddPhoto(ctx context.Context, memberID int64, upload []byte, moderated bool) (Image, error) {
	if err := s.checkRoom(ctx, memberID); err != nil {
		return Image{}, err
	}
	out, err := s.Images.Process(ctx, upload)
	if err != nil {
		return Image{}, err
	}
	key := media.NewKey()
	display, thumb := key+".jpg", key+"_t.jpg"
	if err := s.Store.Put(ctx, display, out.Display, "image/jpeg"); err != nil {
		return Image{}, err
	}
	if err := s.Store.Put(ctx, thumb, out.Thumb, "image/jpeg"); err != nil {
		s.deleteBlobs(display)
		return Image{}, err
	}
	status := PhotoActive
	if moderated {
		status = PhotoPending
	}
	var row db.Photo
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		m, err := q.MemberLockForPhotos(ctx, memberID)
		paid := m.PaidUser || m.IsHouse
		if err != nil {
			return fmt.Errorf("lock member %d: %w", memberID, err)
		}
		n, err := q.PhotoCountByProfile(ctx, memberID)
		if err != nil {
			return err
		}
		if limit := PhotoLimit(paid); int(n) >= limit {
			return photoLimit(limit, paid)
		}
		// A house profile's photos come from operators: reviewed as they are made.
		row, err = q.PhotoInsert(ctx, db.PhotoInsertParams{ProfileID: memberID, Filename: display, ThumbFilename: thumb,
			Status: status, Width: int32(out.Width), Height: int32(out.Height), Reviewed: m.IsHouse})
		if err != nil {
			return err
		}
		if err := media.Hold(ctx, tx, photoHolder(row.ID), display, thumb); err != nil {
			return err
		}
		if m.IsHouse {
			return nil // house profiles are the brand's own: no check
		}
		return trust.QueuePhoto(ctx, s.Jobs, tx, memberID, display, out.Hash)
	})
	if err != nil {
		// Nothing points at the blobs: remove them so refused uploads leave
		// no trace.
		s.deleteBlobs(display, thumb)
		return Image{}, err
	}
	return imageOf(row, cdnPrefix(ctx)), nil
}

func (s *Service) checkRoom(ctx context.Context, memberID int64) error {
	room, err := db.New(s.Pool).PhotoRoom(ctx, memberID)
	if err != nil {
		return fmt.Errorf("photo room of %d: %w", memberID, err)
	}
	paid := room.PaidUser || room.IsHouse
	if limit := PhotoLimit(paid); int(room.PhotoCount) >= limit {
		return photoLimit(limit, paid)
	}
	return nil
}

// DeletePhoto removes one of the member's photos and releases its blobs,
// which go once nothing else (a chat message it was sent in) holds them.
func (s *Service) DeletePhoto(ctx context.Context, memberID, photoID int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		id, err := db.New(tx).PhotoDelete(ctx, db.PhotoDeleteParams{ID: photoID, ProfileID: memberID})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrPhotoNotFound
		}
		if err != nil {
			return fmt.Errorf("delete photo %d: %w", photoID, err)
		}
		return s.Blobs.Release(ctx, tx, photoHolder(id))
	})
}

// PurgeMember erases what the profiles area keeps of a member whose
// deletion became final, in the purge transaction tx: the blocks and the
// profile visits they made and received, their photos (releasing the
// blobs, which the media area deletes once nothing else holds them) and
// the profile.
func (s *Service) PurgeMember(ctx context.Context, tx pgx.Tx, memberID int64) error {
	q := db.New(tx)
	rows, err := q.PhotoListByProfile(ctx, memberID)
	if err != nil {
		return fmt.Errorf("photos of %d: %w", memberID, err)
	}
	holders := make([]string, len(rows))
	for i, r := range rows {
		holders[i] = photoHolder(r.ID)
	}
	if err := s.Blobs.Release(ctx, tx, holders...); err != nil {
		return err
	}
	if err := q.BlocksPurge(ctx, memberID); err != nil {
		return fmt.Errorf("purge blocks of %d: %w", memberID, err)
	}
	if err := q.VisitsPurge(ctx, memberID); err != nil {
		return fmt.Errorf("purge visits of %d: %w", memberID, err)
	}
	if err := q.NotesPurge(ctx, memberID); err != nil {
		return fmt.Errorf("purge notes of and on %d: %w", memberID, err)
	}
	if err := q.ComplaintsForgetFiler(ctx, memberID); err != nil {
		return fmt.Errorf("forget the filer of complaints by %d: %w", memberID, err)
	}
	// The photos' rows go with the profile.
	if err := q.ProfileDelete(ctx, memberID); err != nil {
		return fmt.Errorf("purge profile %d: %w", memberID, err)
	}
	return nil
}

// deleteBlobs removes the blobs of an upload that was refused before any
// photo held them. A failure only
// leaves an orphan blob behind, which costs storage, not correctness, so it
// is logged rather than failing the member's request.
func (s *Service) deleteBlobs(keys ...string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, k := range keys {
		if err := s.Store.Delete(ctx, k); err != nil && s.Log != nil {
			s.Log.Warn("delete photo blob", "key", k, "err", err)
		}
	}
}

// MakeMain puts the photo first in the member's order: once active it is
// their main_image.
func (s *Service) MakeMain(ctx context.Context, memberID, photoID int64) error {
	n, err := db.New(s.Pool).PhotoMakeFirst(ctx, db.PhotoMakeFirstParams{ID: photoID, ProfileID: memberID})
	if err != nil {
		return fmt.Errorf("make photo %d main: %w", photoID, err)
	}
	if n == 0 {
		return ErrPhotoNotFound
	}
	return nil
}

// Reorder puts the member's photos in the given order; ids must list each
// of their photos exactly once.
func (s *Service) Reorder(ctx context.Context, memberID int64, ids []int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.MemberLockForPhotos(ctx, memberID); err != nil {
			return fmt.Errorf("lock member %d: %w", memberID, err)
		}
		rows, err := q.PhotoListByProfile(ctx, memberID)
		if err != nil {
			return err
		}
		have := make([]int64, len(rows))
		for i, r := range rows {
			have[i] = r.ID
		}
		want := slices.Clone(ids)
		slices.Sort(have)
		slices.Sort(want)
		if !slices.Equal(have, want) {
			return ErrPhotoOrder
		}
		_, err = q.PhotoReorder(ctx, db.PhotoReorderParams{Ids: ids, ProfileID: memberID})
		return err
	})
}
