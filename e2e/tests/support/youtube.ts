import { expect, type Page } from '@playwright/test';

/**
 * Real YouTube cannot load here (no internet). Instead of a test-only hook in our code, the network
 * answers for www.youtube.com with a small stand-in of YouTube's IFrame Player API
 * (https://developers.google.com/youtube/iframe_api_reference), in the same three steps as the
 * real one:
 *
 * 1. `https://www.youtube.com/iframe_api` is the real loader's logic: it sets up `window.YT`
 *    (`loading`, `ready`, `setConfig`) and adds the widget API script from www.youtube.com.
 * 2. The widget API defines `YT.Player` and `YT.PlayerState`, then calls
 *    `window.onYouTubeIframeAPIReady`. `new YT.Player(element, { videoId, playerVars, events })`
 *    replaces the element with an iframe of `https://www.youtube.com/embed/{videoId}` (with
 *    `enablejsapi=1`, the page's `origin` and a `widgetid`), titled "YouTube video player", 640×390,
 *    and talks to it by postMessage: it posts `listening` until the embed answers, fires
 *    `onReady` when the embed says so, then subscribes (`addEventListener` commands) to the other
 *    events it was given and fires them with `{ target, data }`.
 * 3. The embed is a page with Play, Pause and "Skip to the end" buttons. It posts only to the
 *    `origin` it was given, answers `listening` with `initialDelivery` and `onReady`, and on each
 *    state change posts `infoDelivery` and, to subscribers, `onStateChange` with the `YT.PlayerState`
 *    number (PLAYING 1, PAUSED 2, ENDED 0), as the real player does when a video plays to its end.
 *
 * Our page and its YouTube wiring are the real ones. Returns the embed URLs the page asked for.
 */
export async function standInForYouTube(page: Page): Promise<{ embeds: URL[] }> {
  const embeds: URL[] = [];
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: LOADER }),
  );
  await page.route(WIDGET_API_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: WIDGET_API }),
  );
  await page.route('https://www.youtube.com/embed/**', (route) => {
    embeds.push(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: EMBED });
  });
  return { embeds };
}

/** The stand-in embed inside the iframe titled with the lesson's name. */
export function youTubeFrame(page: Page, title: string) {
  return page.frameLocator(`iframe[title="${title.replace(/"/g, '\\"')}"]`);
}

/** Waits until the page's player subscribed to state changes, then presses a button of the embed. */
export async function pressInYouTube(page: Page, title: string, button: 'Play' | 'Pause' | 'Skip to the end') {
  const frame = youTubeFrame(page, title);
  await expect(frame.getByText('Listening for: onStateChange')).toBeVisible();
  await frame.getByRole('button', { name: button, exact: true }).click();
}

const WIDGET_API_URL = 'https://www.youtube.com/s/player/stand-in/www-widgetapi.vflset/www-widgetapi.js';

/** The real iframe_api loader, unminified. */
const LOADER = `
var scriptUrl = '${WIDGET_API_URL}';
if (!window['YT']) var YT = { loading: 0, loaded: 0 };
if (!window['YTConfig']) var YTConfig = { host: 'https://www.youtube.com' };
if (!YT.loading) {
  YT.loading = 1;
  (function () {
    var l = [];
    YT.ready = function (f) { if (YT.loaded) f(); else l.push(f); };
    window.onYTReady = function () {
      YT.loaded = 1;
      for (var i = 0; i < l.length; i++) try { l[i](); } catch (e) {}
    };
    YT.setConfig = function (c) { for (var k in c) if (c.hasOwnProperty(k)) YTConfig[k] = c[k]; };
    var a = document.createElement('script');
    a.type = 'text/javascript';
    a.id = 'www-widgetapi-script';
    a.src = scriptUrl;
    a.async = true;
    var b = document.getElementsByTagName('script')[0];
    b.parentNode.insertBefore(a, b);
  })();
}
`;

const WIDGET_API = `
(function () {
  var nextId = 1;
  function Player(element, options) {
    if (typeof element === 'string') element = document.getElementById(element);
    var player = this;
    var id = nextId++;
    var host = options.host || YTConfig.host || 'https://www.youtube.com';
    var events = options.events || {};
    var vars = Object.assign({}, options.playerVars || {}, { enablejsapi: 1, widgetid: id });
    if (!vars.origin) vars.origin = window.location.origin;
    var iframe = document.createElement('iframe');
    if (element.id) iframe.id = element.id;
    iframe.setAttribute('frameborder', '0');
    iframe.setAttribute('allowfullscreen', '');
    iframe.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    iframe.title = 'YouTube video player';
    iframe.width = String(options.width || 640);
    iframe.height = String(options.height || 390);
    iframe.src = host + '/embed/' + encodeURIComponent(options.videoId || '') + '?' + new URLSearchParams(vars);
    element.parentNode.replaceChild(iframe, element);

    var ready = false;
    var state = -1;
    var listening = null;
    function post(message) {
      message.id = id;
      message.channel = 'widget';
      if (iframe.contentWindow) iframe.contentWindow.postMessage(JSON.stringify(message), host);
    }
    function onMessage(event) {
      if (event.source !== iframe.contentWindow || event.origin !== host) return;
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (!data || data.id !== id) return;
      clearInterval(listening);
      if (data.event === 'onReady') {
        if (ready) return;
        ready = true;
        Object.keys(events).forEach(function (name) {
          if (name !== 'onReady') post({ event: 'command', func: 'addEventListener', args: [name] });
        });
        if (events.onReady) events.onReady({ target: player });
      } else if (data.event === 'infoDelivery' || data.event === 'initialDelivery') {
        if (data.info && typeof data.info.playerState === 'number') state = data.info.playerState;
      } else if (events[data.event]) {
        events[data.event]({ target: player, data: data.info });
      }
    }
    window.addEventListener('message', onMessage);
    iframe.addEventListener('load', function () {
      clearInterval(listening);
      post({ event: 'listening' });
      listening = setInterval(function () { post({ event: 'listening' }); }, 250);
    });

    this.getIframe = function () { return iframe; };
    this.getPlayerState = function () { return state; };
    this.playVideo = function () { post({ event: 'command', func: 'playVideo', args: [] }); };
    this.pauseVideo = function () { post({ event: 'command', func: 'pauseVideo', args: [] }); };
    this.destroy = function () {
      clearInterval(listening);
      window.removeEventListener('message', onMessage);
      if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
    };
  }
  YT.Player = Player;
  YT.PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  if (window.onYTReady) window.onYTReady();
  if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
})();
`;

const EMBED = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>YouTube player stand-in</title>
<style>body{margin:0;height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;background:#0f0f0f;color:#fff;font:16px system-ui}p{margin:0}</style>
</head>
<body>
<p id="video"></p>
<p id="state">State: unstarted</p>
<p id="events">Listening for: nothing</p>
<p><button type="button" id="play">Play</button> <button type="button" id="pause">Pause</button> <button type="button" id="end">Skip to the end</button></p>
<script>
  const origin = new URLSearchParams(location.search).get('origin');
  const names = { '-1': 'unstarted', 0: 'ended', 1: 'playing', 2: 'paused' };
  const listening = new Set();
  let widget = null;
  let state = -1;
  document.getElementById('video').textContent = 'Video ' + location.pathname.split('/').pop();
  const send = (event, info) => {
    if (widget !== null && origin) window.parent.postMessage(JSON.stringify({ event, info, id: widget, channel: 'widget' }), origin);
  };
  const show = () => {
    document.getElementById('state').textContent = 'State: ' + names[state];
    document.getElementById('events').textContent = 'Listening for: ' + ([...listening].join(', ') || 'nothing');
  };
  const setState = (next) => {
    state = next;
    show();
    send('infoDelivery', { playerState: state });
    if (listening.has('onStateChange')) send('onStateChange', state);
  };
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== origin) return;
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    if (!data || data.channel !== 'widget') return;
    if (data.event === 'listening' && widget === null) {
      widget = data.id;
      send('initialDelivery', { playerState: state });
      send('onReady', null);
    } else if (data.event === 'command' && data.func === 'addEventListener') {
      listening.add(data.args[0]);
      show();
    } else if (data.event === 'command' && data.func === 'playVideo') setState(1);
    else if (data.event === 'command' && data.func === 'pauseVideo' && state === 1) setState(2);
  });
  document.getElementById('play').addEventListener('click', () => setState(1));
  document.getElementById('pause').addEventListener('click', () => { if (state === 1) setState(2); });
  document.getElementById('end').addEventListener('click', () => { if (state === 1) setState(0); });
</script>
</body>
</html>`;
