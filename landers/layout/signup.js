// The adults-only question (when the page has it): entering remembers the
// answer as the app does (the rdv_site_entry cookie, which the server reads,
// and the app's own storage) and frees the page without reloading it; Tab
// stays within the question; leaving goes to an empty page.
(function () {
  var gate = document.querySelector('[data-testid="site-entry-modal"]');
  if (!gate) return;
  var enter = gate.querySelector('[data-testid="site-entry-enter"]');
  var leave = gate.querySelector('[data-testid="site-entry-leave"]');
  enter.focus();
  enter.addEventListener('click', function (ev) {
    ev.preventDefault();
    document.cookie = 'rdv_site_entry=1; path=/; max-age=31536000; samesite=lax';
    try { localStorage.setItem('rdv_site_entry_dismissed', String(Date.now())); } catch (e) { /* private mode */ }
    gate.parentNode.removeChild(gate);
    // The cookie question waits for the adults-only one (never both).
    var cookies = document.querySelector('[data-testid="cookie-banner"]');
    if (cookies) cookies.hidden = false;
    var page = document.querySelector('.page');
    page.removeAttribute('inert');
    var h = page.querySelector('h1');
    if (h) { h.setAttribute('tabindex', '-1'); h.focus(); }
  });
  leave.addEventListener('click', function (ev) { ev.preventDefault(); location.replace('about:blank'); });
  gate.addEventListener('keydown', function (ev) {
    if (ev.key !== 'Tab') return;
    var first = enter, last = leave;
    if (ev.shiftKey && document.activeElement === first) { ev.preventDefault(); last.focus(); }
    else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
  });
})();

// The lander's signup form: posts to /api/signup.php as the app does, shows
// refusals in the form (focus on the first), then opens the app logged in.
// Without this script the form posts to /landers/signup, which does the same.
(function () {
  var form = document.querySelector('[data-testid="lander-signup-form"]');
  var textsEl = document.getElementById('lander-texts');
  if (!form || !textsEl || !window.fetch) return;
  var texts = JSON.parse(textsEl.textContent || '{}');
  var fields = { orientation_consent_required: 'orientation_consent', email_invalid: 'email', email_taken: 'email', name_is_email: 'name', name_at: 'name', name_invalid: 'name',
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
      // The date of birth is three fields; its refusal goes on the day.
      var input = form.querySelector('[name="' + (field === 'date_of_birth' ? 'day' : field) + '"]');
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    } else {
      banner.textContent = msg;
      banner.hidden = false;
      banner.focus();
    }
  }
  // dateOfBirth is the three fields as YYYY-MM-DD.
  function dateOfBirth(d) {
    function two(v) { return ('0' + v).slice(-2); }
    return d.get('year') + '-' + two(d.get('month')) + '-' + two(d.get('day'));
  }
  function local() {
    var d = new FormData(form);
    if (!d.get('gender')) return 'gender_invalid';
    var name = String(d.get('name') || '').trim();
    if (name.length < 2) return 'name_invalid';
    if (!d.get('day') || !d.get('month') || !d.get('year')) return 'date_of_birth';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(d.get('email') || '').trim())) return 'email_invalid';
    if (String(d.get('password') || '').length < 6) return 'password_invalid';
    if (!d.get('orientation_consent')) return 'orientation_consent_required';
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
      date_of_birth: dateOfBirth(d), email: String(d.get('email')).trim(), password: d.get('password'),
      orientation_consent: !!d.get('orientation_consent'), marketing: !!d.get('marketing') };
    // The affiliate link of the page goes with the signup itself, so it is
    // credited without the affiliate cookie (refused, or not asked).
    var link = {};
    form.querySelectorAll('[data-link]').forEach(function (i) { link[i.name] = i.value; });
    if (link.network || link.ref) {
      link.lander = String(d.get('lander') || '').replace(/^\/landers\//, '').split('/')[0];
      body.tracking = link;
    }
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

// The cookie question (brands with the European rules): the answer goes to
// the server, which keeps it and, when all cookies are accepted on an
// affiliate link, sets the affiliate cookie for the link.
(function () {
  var bar = document.querySelector('[data-testid="cookie-banner"]');
  if (!bar || !window.fetch) return;
  bar.querySelectorAll('[data-choice]').forEach(function (b) {
    b.addEventListener('click', function () {
      var choice = b.getAttribute('data-choice');
      fetch('/api/cookies.php', { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
        body: JSON.stringify({ choice: choice, page: location.pathname + location.search }) })
        .then(function () { bar.parentNode.removeChild(bar); }, function () { bar.parentNode.removeChild(bar); });
    });
  });
})();
