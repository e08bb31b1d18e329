// The overlay runs in ONOS's legacy GUI only (GUI2, the ONOS 2.7.0 default, cannot host it; sources cited in
// docs/northbound.md). These checks keep the operator's switch-over commands in README.md and docs/northbound.md.
// Run: node --test web-gui/src/test/js/
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const TOP = path.join(__dirname, '../../../..');
const DOCS = ['README.md', 'docs/northbound.md'];

// onos-app (tools/package/runtime/bin/onos-app), its REST calls, the ONOS CLI, and onos-service's ONOS_APPS
const COMMANDS = [
    'onos-app <onos-host> deactivate org.onosproject.gui2',
    'onos-app <onos-host> activate org.onosproject.gui\n',
    '-X DELETE http://<onos-host>:8181/onos/v1/applications/org.onosproject.gui2/active',
    '-X POST http://<onos-host>:8181/onos/v1/applications/org.onosproject.gui/active',
    'app deactivate org.onosproject.gui2',
    'app activate org.onosproject.gui\n',
    'ONOS_APPS=gui "$ONOS_HOME"/bin/onos-service server',
    'docker run -e ONOS_APPS=gui ',
];

for (const doc of DOCS) {
    test(doc + ' gives every command that switches a stock ONOS 2.7.0 to the legacy GUI', () => {
        const text = fs.readFileSync(path.join(TOP, doc), 'utf8');
        for (const c of COMMANDS) {
            assert.ok(text.includes(c), doc + ' lacks: ' + JSON.stringify(c));
        }
        // GUI2 is deactivated before the legacy GUI is activated (both serve /onos/ui)
        assert.ok(text.indexOf('deactivate org.onosproject.gui2') < text.indexOf('activate org.onosproject.gui\n'));
    });
}
