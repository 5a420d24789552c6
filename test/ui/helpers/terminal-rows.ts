import { render } from 'ink-testing-library';
import { Fragment, createElement } from 'react';

// ink-testing-library's terminal is 100 columns wide and says nothing of its height. Ink
// then asks terminal-size, which runs `tput cols` and `tput lines` on every frame, each a
// process started from the test worker and waited for (a quarter of the component tests'
// CPU time), and which answers with the size of whatever terminal the suite was started
// from. Every test terminal is 24 rows unless the test sizes it (renderApp does).
const probe = render(createElement(Fragment));
Object.defineProperty(Object.getPrototypeOf(probe.stdout), 'rows', { get: () => 24, configurable: true });
probe.unmount();
