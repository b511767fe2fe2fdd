// The swipe deck: drag the top card by touch or mouse (pointer events), or
// use the buttons or the arrow keys; after the last card the signup form.
(function () {
  var deck = document.querySelector('[data-testid="swipe-deck"]');
  if (!deck) return;
  var root = deck.parentNode;
  var cards = Array.prototype.slice.call(deck.querySelectorAll('.card'));
  var acts = root.querySelector('.acts');
  var status = root.querySelector('[data-testid="swipe-status"]');
  var done = root.querySelector('[data-testid="swipe-done"]');
  var said = {};
  root.querySelectorAll('#swipe-texts').forEach(function (t) {
    Array.prototype.forEach.call(t.content.querySelectorAll('[data-k]'), function (s) { said[s.getAttribute('data-k')] = s.textContent; });
  });
  var top = 0;
  function layout() {
    cards.forEach(function (c, i) {
      var d = i - top;
      c.style.zIndex = String(cards.length - i);
      if (d >= 0) c.style.transform = 'translateY(' + d * 8 + 'px) scale(' + (1 - d * 0.04) + ')';
      c.setAttribute('aria-hidden', d === 0 ? 'false' : 'true');
      c.classList.toggle('far', d > 2);
    });
  }
  function decide(like) {
    var c = cards[top];
    if (!c) return;
    c.classList.remove('drag');
    c.classList.add('gone');
    c.style.transform = 'translateX(' + (like ? 130 : -130) + '%) rotate(' + (like ? 18 : -18) + 'deg)';
    c.setAttribute('data-decision', like ? 'like' : 'pass');
    status.textContent = ((like ? said.liked : said.passed) || '').replace('{{name}}', c.getAttribute('data-name'));
    top++;
    if (top >= cards.length) {
      acts.hidden = true;
      done.hidden = false;
      var link = done.querySelector('a');
      if (link) link.focus();
    }
    layout();
  }
  acts.addEventListener('click', function (e) {
    var b = e.target.closest('[data-act]');
    if (b) decide(b.getAttribute('data-act') === 'like');
  });
  document.addEventListener('keydown', function (e) {
    var t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (top >= cards.length) return;
    if (e.key === 'ArrowRight') { e.preventDefault(); decide(true); }
    if (e.key === 'ArrowLeft') { e.preventDefault(); decide(false); }
  });
  var start = null, dx = 0;
  deck.addEventListener('pointerdown', function (e) {
    var c = cards[top];
    if (!c || !c.contains(e.target)) return;
    start = { x: e.clientX, y: e.clientY, id: e.pointerId };
    dx = 0;
    c.classList.add('drag');
    deck.setPointerCapture(e.pointerId);
  });
  deck.addEventListener('pointermove', function (e) {
    if (!start || e.pointerId !== start.id) return;
    dx = e.clientX - start.x;
    var c = cards[top];
    c.style.transform = 'translateX(' + dx + 'px) rotate(' + dx / 20 + 'deg)';
    c.querySelector('.stamp.like').style.opacity = String(Math.max(0, Math.min(1, dx / 100)));
    c.querySelector('.stamp.pass').style.opacity = String(Math.max(0, Math.min(1, -dx / 100)));
  });
  function end(e) {
    if (!start || e.pointerId !== start.id) return;
    start = null;
    var c = cards[top];
    c.querySelectorAll('.stamp').forEach(function (s) { s.style.opacity = ''; });
    if (Math.abs(dx) > Math.min(100, deck.clientWidth / 4)) decide(dx > 0);
    else { c.classList.remove('drag'); layout(); }
  }
  deck.addEventListener('pointerup', end);
  deck.addEventListener('pointercancel', end);
  layout();
})();
