// The lander's signup form: posts to /api/signup.php as the app does, shows
// refusals in the form (focus on the first), then opens the app logged in.
// Without this script the form posts to /landers/signup, which does the same.
(function () {
  var form = document.querySelector('[data-testid="lander-signup-form"]');
  var textsEl = document.getElementById('lander-texts');
  if (!form || !textsEl || !window.fetch) return;
  var texts = JSON.parse(textsEl.textContent || '{}');
  var fields = { email_invalid: 'email', email_taken: 'email', name_is_email: 'name', name_at: 'name', name_invalid: 'name',
    date_of_birth: 'date_of_birth', date_of_birth_invalid: 'date_of_birth', password_invalid: 'password', gender_invalid: 'gender' };
  var banner = form.querySelector('[data-testid="signup-error"]');
  function text(code, params) {
    var s = texts[code] || texts.generic || code;
    return s.replace(/\{\{(\w+)\}\}/g, function (_, k) { return params && params[k] != null ? params[k] : ''; });
  }
  function clear() {
    banner.hidden = true;
    form.querySelectorAll('.fe').forEach(function (e) { e.hidden = true; e.textContent = ''; });
    form.querySelectorAll('[aria-invalid]').forEach(function (e) { e.removeAttribute('aria-invalid'); });
  }
  function show(code, params) {
    var field = fields[code];
    var msg = text(code, params);
    var holder = field && document.getElementById('e-' + field);
    if (holder) {
      holder.textContent = msg;
      holder.hidden = false;
      var input = form.querySelector('[name="' + field + '"]');
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    } else {
      banner.textContent = msg;
      banner.hidden = false;
      banner.focus();
    }
  }
  function local() {
    var d = new FormData(form);
    if (!d.get('gender')) return 'gender_invalid';
    var name = String(d.get('name') || '').trim();
    if (name.length < 2) return 'name_invalid';
    if (!d.get('date_of_birth')) return 'date_of_birth';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(d.get('email') || '').trim())) return 'email_invalid';
    if (String(d.get('password') || '').length < 6) return 'password_invalid';
    return '';
  }
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    clear();
    var minAge = form.getAttribute('data-min-age');
    var bad = local();
    if (bad) { show(bad, { min_age: minAge }); return; }
    var d = new FormData(form);
    var body = { gender: d.get('gender'), seeking: d.get('seeking') || '', name: String(d.get('name')).trim(),
      date_of_birth: d.get('date_of_birth'), email: String(d.get('email')).trim(), password: d.get('password') };
    var button = form.querySelector('button[type=submit]');
    button.disabled = true;
    fetch('/api/signup.php', { method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' }, body: JSON.stringify(body) })
      .then(function (res) {
        if (res.ok) { location.assign('/complete-signup'); return; }
        return res.json().then(function (e) { e.min_age = e.min_age || minAge; show(e.error || 'generic', e); },
          function () { show('generic'); });
      }, function () { show('generic'); })
      .then(function () { button.disabled = false; });
  });
})();
// With ?lb in the affiliate's link, the page reports when the visitor
// leaves it (a bounce unless they signed up: the engine knows a member).
(function () {
  if (!/[?&]lb(=|&|$)/.test(location.search) || typeof navigator.sendBeacon !== 'function') return;
  var sent = false;
  window.addEventListener('pagehide', function () {
    if (sent) return;
    sent = true;
    navigator.sendBeacon('/api/page-hidden.php' + location.search, new Blob(['{}'], { type: 'application/json' }));
  });
})();
