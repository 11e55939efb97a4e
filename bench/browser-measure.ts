/**
 * In-page timing, run through page.evaluate before an interaction: it starts the clock at the first of
 * `events` (its timeStamp: when the input happened) and stops it after the frame that shows the result
 * has been painted (requestAnimationFrame, then a task, which runs once that frame is out).
 * `rows`: the table's row ids changed and it is no longer busy; `detail`: one more detail row exists.
 * Resolves to milliseconds, or -1 when nothing changed within `timeoutMs`.
 * Kept as plain JavaScript text: functions compiled by tsx carry helpers that do not exist in the page.
 */
export interface MeasureArgs {
  events: string[];
  kind: 'rows' | 'detail';
  table: string;
  timeoutMs: number;
}

const source = String.raw`(function ({ events, kind, table, timeoutMs }) {
  var rowSelector = 'table[aria-label="' + table + '"] > tbody > tr[data-row-id]';
  var detailSelector = 'table[aria-label="' + table + '"] > tbody > tr[id]';
  function signature() {
    return Array.from(document.querySelectorAll(rowSelector)).map(function (r) { return r.getAttribute('data-row-id'); }).join(',');
  }
  var before = signature();
  var detailsBefore = document.querySelectorAll(detailSelector).length;
  return new Promise(function (resolve) {
    var t0 = null;
    var finished = false;
    var observer = new MutationObserver(check);
    function ready() {
      if (kind === 'detail') return document.querySelectorAll(detailSelector).length > detailsBefore;
      var now = signature();
      return now !== '' && now !== before && document.querySelector('table[aria-label="' + table + '"][aria-busy="true"]') === null;
    }
    function finish(value) {
      if (finished) return;
      finished = true;
      observer.disconnect();
      events.forEach(function (type) { document.removeEventListener(type, onInput, true); });
      resolve(value);
    }
    function check() {
      if (finished || t0 === null || !ready()) return;
      var start = t0;
      requestAnimationFrame(function () {
        var channel = new MessageChannel();
        channel.port1.onmessage = function () { finish(performance.now() - start); };
        channel.port2.postMessage(0);
      });
    }
    function onInput(e) {
      if (t0 === null) t0 = e.timeStamp > 0 ? e.timeStamp : performance.now();
      check();
    }
    events.forEach(function (type) { document.addEventListener(type, onInput, true); });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(function () { finish(-1); }, timeoutMs);
  });
})`;

/** The expression to pass to page.evaluate: a promise of the measured milliseconds. */
export const measureExpression = (args: MeasureArgs): string => `${source}(${JSON.stringify(args)})`;
