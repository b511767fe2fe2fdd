// The reel: the members' own photos in turn, every 5 seconds, each slowly
// zooming (CSS); the pause button stops and restarts it. With reduced
// motion it shows the first photo still and offers to play.
(function () {
  var root = document.querySelector('[data-testid="video-reel"]');
  if (!root) return;
  var frames = root.querySelectorAll('.frame');
  var pause = root.querySelector('[data-testid="reel-pause"]');
  if (!pause || frames.length < 2) return;
  var at = 0, timer = null;
  pause.hidden = false;
  function show(i) {
    frames[at].classList.remove('on');
    frames[at].setAttribute('aria-hidden', 'true');
    at = i % frames.length;
    frames[at].classList.add('on');
    frames[at].removeAttribute('aria-hidden');
  }
  function play() {
    timer = setInterval(function () { show(at + 1); }, 5000);
    root.classList.add('running');
    pause.setAttribute('aria-pressed', 'false');
    pause.textContent = pause.getAttribute('data-pause');
  }
  function hold() {
    clearInterval(timer);
    timer = null;
    root.classList.remove('running');
    pause.setAttribute('aria-pressed', 'true');
    pause.textContent = pause.getAttribute('data-play');
  }
  pause.addEventListener('click', function () { if (timer) hold(); else play(); });
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) hold(); else play();
})();
