package tenancy

import "sync"

// Kept keeps a value another area derives from a tenant's settings
// document (its trust settings, its free messages), made once per tenant
// the Directory loads rather than on every request or job that needs it.
// A tenant is immutable and replaced when its settings change, so a value
// kept with the *Tenant it was made from is current while that tenant is;
// one is kept per tenant id. Callers must not change a kept value. The zero
// Kept is ready; a nil *Kept keeps nothing.
type Kept[T any] struct {
	mu   sync.RWMutex
	byID map[int64]kept[T]
}

type kept[T any] struct {
	tenant *Tenant
	value  T
}

// Of is derive(t), made once for t.
func (k *Kept[T]) Of(t *Tenant, derive func(*Tenant) (T, error)) (T, error) {
	if k == nil {
		return derive(t)
	}
	k.mu.RLock()
	v, ok := k.byID[t.ID]
	k.mu.RUnlock()
	if ok && v.tenant == t {
		return v.value, nil
	}
	value, err := derive(t)
	if err != nil {
		return value, err
	}
	k.mu.Lock()
	if k.byID == nil {
		k.byID = map[int64]kept[T]{}
	}
	k.byID[t.ID] = kept[T]{tenant: t, value: value}
	k.mu.Unlock()
	return value, nil
}
