/*
 * mpsdn page: per-AP charts of the last minutes in inline SVG (no library). One chart per AP: each
 * direction's deciding signal (solid) and its threshold (dashed) on the left axis (0..1), the Tier-2
 * limit (stepped) on the right axis, 0..capacity; an unlimited limit is drawn at the capacity.
 */
(function (root) {
    'use strict';

    var NS = 'http://www.w3.org/2000/svg';
    var W = 520;
    var H = 170;
    var PAD = {left: 36, right: 58, top: 10, bottom: 22};
    var COLOURS = {downlink: '#1f6fb2', uplink: '#b2571f'};

    function el(tag, attrs, text) {
        var e = document.createElementNS(NS, tag);
        Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
        if (text !== undefined) {
            e.textContent = text;
        }
        return e;
    }

    function path(points, x, y, step) {
        var d = '';
        var prev = null;
        points.forEach(function (p) {
            var v = y(p);
            if (v === null) {
                prev = null;
                return;
            }
            var px = x(p.t).toFixed(1);
            var py = v.toFixed(1);
            if (prev === null) {
                d += 'M' + px + ' ' + py;
            } else {
                d += (step ? 'H' + px + 'V' + py : 'L' + px + ' ' + py);
            }
            prev = p;
        });
        return d;
    }

    function axes(svg, now, windowMs, capacityKbps, fmt) {
        var x0 = PAD.left;
        var x1 = W - PAD.right;
        var y0 = H - PAD.bottom;
        var y1 = PAD.top;
        svg.appendChild(el('rect', {x: x0, y: y1, width: x1 - x0, height: y0 - y1, 'class': 'plot'}));
        [0, 0.5, 1].forEach(function (v) {
            var y = y0 - v * (y0 - y1);
            svg.appendChild(el('line', {x1: x0, x2: x1, y1: y, y2: y, 'class': 'grid'}));
            svg.appendChild(el('text', {x: x0 - 4, y: y + 4, 'class': 'tick', 'text-anchor': 'end'}, v.toFixed(1)));
            svg.appendChild(el('text', {x: x1 + 4, y: y + 4, 'class': 'tick'}, fmt(v * capacityKbps)));
        });
        var minutes = Math.round(windowMs / 60000);
        for (var m = 0; m <= minutes; m++) {
            var x = x1 - (m * 60000 / windowMs) * (x1 - x0);
            svg.appendChild(el('text', {x: x, y: H - 6, 'class': 'tick', 'text-anchor': 'middle'},
                m === 0 ? 'now' : '-' + m + ' min'));
        }
    }

    /**
     * Draws an AP's chart into an <svg>.
     * @param svg       the element (emptied first)
     * @param series    {downlink: [points], uplink: [points]} from MpsdnModel.History
     * @param capacityKbps the AP's capacity (right axis)
     * @param now       time of the right edge (ms)
     * @param windowMs  width of the chart in time
     * @param fmt       rate formatter (kbit/s to text)
     */
    function draw(svg, series, capacityKbps, now, windowMs, fmt) {
        while (svg.firstChild) {
            svg.removeChild(svg.firstChild);
        }
        svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
        var cap = capacityKbps > 0 ? capacityKbps : 1;
        axes(svg, now, windowMs, cap, fmt);
        var x0 = PAD.left;
        var x1 = W - PAD.right;
        var y0 = H - PAD.bottom;
        var y1 = PAD.top;
        var x = function (t) { return x1 - ((now - t) / windowMs) * (x1 - x0); };
        var ratio = function (v) { return v === null ? null : y0 - Math.max(0, Math.min(1, v)) * (y0 - y1); };
        Object.keys(series).forEach(function (dir) {
            var pts = series[dir].filter(function (p) { return p.t >= now - windowMs; });
            var c = COLOURS[dir] || '#444';
            svg.appendChild(el('path', {d: path(pts, x, function (p) { return ratio(p.signal); }, false),
                stroke: c, 'class': 'signal', 'data-series': dir + '-signal'}));
            svg.appendChild(el('path', {d: path(pts, x, function (p) { return ratio(p.threshold); }, true),
                stroke: c, 'class': 'threshold', 'data-series': dir + '-threshold'}));
            svg.appendChild(el('path', {d: path(pts, x, function (p) {
                return ratio(p.limitKbps === null ? 1 : p.limitKbps / cap);
            }, true), stroke: c, 'class': 'limit', 'data-series': dir + '-limit'}));
        });
    }

    root.MpsdnCharts = {draw: draw, COLOURS: COLOURS};
}(this));
