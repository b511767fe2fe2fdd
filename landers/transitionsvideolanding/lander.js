// The slideshow: a slide every 4 seconds with its transition (CSS), the
// pause button stops and restarts it, previous/next and the arrow keys on
// the controls move by hand. With reduced motion it starts paused.
(function () {
  var root = document.querySelector('[data-testid="slideshow"]');
  if (!root) return;
  var slides = root.querySelectorAll('.slide');
  var ctl = root.querySelector('.tv-ctl');
  var pause = root.querySelector('[data-testid="slideshow-pause"]');
  var list = root.querySelector('.slides');
  var bar = root.querySelector('.prog span');
  var at = 0, timer = null;
  var still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  ctl.hidden = false;
  if (slides.length < 2) { ctl.hidden = true; return; }
  function show(i) {
    var old = slides[at];
    at = (i + slides.length) % slides.length;
    Array.prototype.forEach.call(slides, function (s) { s.classList.remove('off', 'next'); });
    // The first slide shows from the first paint, without an entrance (its
    // photo is the page's largest paint); the others come in with theirs.
    old.classList.remove('first');
    if (old !== slides[at]) { old.classList.remove('on'); old.classList.add('off'); }
    slides[at].classList.add('on');
    slides[(at + 1) % slides.length].classList.add('next');
    bar.style.animation = 'none';
    void bar.offsetWidth;
    bar.style.animation = '';
  }
  function play() {
    stop();
    timer = setInterval(function () { show(at + 1); }, 4000);
    root.classList.add('running');
    root.classList.remove('paused');
    pause.setAttribute('aria-pressed', 'false');
    pause.textContent = pause.getAttribute('data-pause');
    list.setAttribute('aria-live', 'off');
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }
  function hold() {
    stop();
    root.classList.add('paused');
    pause.setAttribute('aria-pressed', 'true');
    pause.textContent = pause.getAttribute('data-play');
    list.setAttribute('aria-live', 'polite');
  }
  pause.addEventListener('click', function () { if (timer) hold(); else play(); });
  ctl.addEventListener('click', function (e) {
    var b = e.target.closest('[data-go]');
    if (!b) return;
    hold();
    show(at + Number(b.getAttribute('data-go')));
  });
  ctl.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      hold();
      show(at + (e.key === 'ArrowRight' ? 1 : -1));
    }
  });
  if (still) hold(); else play();
})();
