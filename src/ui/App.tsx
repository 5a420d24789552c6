import { useContext, useMemo, useState } from 'react';
import { Box, useApp } from 'ink';
import { KeysContext } from './keys/KeysProvider.js';
import type { Hint } from './keys/dispatcher.js';
import { PRIORITY, useKeys } from './keys/useKeys.js';
import { useTerminalSize } from './hooks/useTerminalSize.js';
import { BodySizeContext } from './hooks/useBodySize.js';
import { ScreenContext } from './keys/screen-context.js';
import { NavigationContext, type Navigation } from './navigation/NavigationContext.js';
import { routeLabel, type Route } from './navigation/routes.js';
import { Breadcrumb } from './shell/Breadcrumb.js';
import { Backdrop } from './shell/Backdrop.js';
import { Footer } from './shell/Footer.js';
import { HelpScreen } from './shell/HelpScreen.js';
import { Screen } from './shell/Screen.js';
import { RequestOverlay } from './requests/RequestOverlay.js';
import { NoticeLine, openUrlsLabel } from './requests/lines/NoticeLine.js';
import { screenRowsOverRequest, useRequestLayout } from './requests/useRequestLayout.js';
import { SignInOverlay } from './signin/SignInOverlay.js';
import { screenRowsOverSignIn, useSignInLayout } from './signin/useSignInLayout.js';
import { stackRows } from './layout/stack-rows.js';

/**
 * Routes screens and nothing else. Screens under the top of the stack stay mounted
 * (hidden, keys off), so going back finds them as they were left.
 */
export function App() {
  const { exit } = useApp();
  const dispatcher = useContext(KeysContext)!;
  const size = useTerminalSize();
  const [stack, setStack] = useState<Route[]>([{ screen: 'dashboard' }]);
  const [help, setHelp] = useState<Hint[] | null>(null);
  // Made once: screens that keep it never redraw for a push or a pop elsewhere.
  const nav = useMemo<Navigation>(() => ({
    push: (route) => setStack((s) => [...s, route]),
    pop: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
  }), []);
  useKeys(['global'], {
    back: stack.length > 1 ? nav.pop : undefined,
    help: () => setHelp(dispatcher.live()),
    quit: () => exit(),
    forceQuit: () => exit(),
  }, { priority: PRIORITY.global });
  const requests = useRequestLayout(size.columns);
  const signIn = useSignInLayout(size.columns);
  // A notice takes a line; a server's request takes the lower part of the body, over
  // the screen, which keeps its size (no relayout) and shows its top rows.
  const frame = stackRows(size.rows, { breadcrumb: 1, requestNotice: requests.noticeRows, signInNotice: signIn.noticeRows, body: { min: 4 }, footer: 1 });
  const body = { columns: size.columns, rows: frame.body };
  // A sign-in takes the overlay's place first: the person usually just asked for it.
  const keep = signIn.shown ? screenRowsOverSignIn(body.rows) : requests.waiting ? screenRowsOverRequest(body.rows) : body.rows;
  const { shown, prompt: promptRows } = stackRows(body.rows, { shown: { min: 1, max: keep }, prompt: {} });
  return (
    <NavigationContext.Provider value={nav}>
      <Box flexDirection="column" width={size.columns} height={size.rows}>
        <Breadcrumb parts={stack.map(routeLabel)} right={openUrlsLabel(requests.openUrls.length)} />
        {requests.notice ? <NoticeLine notice={requests.notice} columns={size.columns} /> : null}
        {signIn.notice ? <NoticeLine notice={signIn.notice} columns={size.columns} /> : null}
        <Box flexDirection="column" height={body.rows} overflow="hidden">
          <Box flexDirection="column" height={shown} overflow="hidden" flexShrink={0}>
            <BodySizeContext.Provider value={body}>
              {stack.map((route, i) => {
                const top = i === stack.length - 1;
                return (
                  <ScreenContext.Provider key={i} value={top}>
                    <Box display={top && !help ? 'flex' : 'none'} flexDirection="column" flexShrink={0}>
                      <Screen route={route} />
                    </Box>
                  </ScreenContext.Provider>
                );
              })}
            </BodySizeContext.Provider>
            {help ? (
              <BodySizeContext.Provider value={{ columns: size.columns, rows: shown }}>
                <HelpScreen hints={help} onClose={() => setHelp(null)} />
              </BodySizeContext.Provider>
            ) : null}
          </Box>
          {promptRows ? (
            <Box flexDirection="column" height={promptRows} flexShrink={0}>
              <Backdrop columns={size.columns} rows={promptRows} />
              <BodySizeContext.Provider value={{ columns: size.columns, rows: promptRows }}>
                {signIn.shown ? <SignInOverlay attempt={signIn.shown} count={signIn.count} /> : <RequestOverlay />}
              </BodySizeContext.Provider>
            </Box>
          ) : null}
        </Box>
        <Footer columns={size.columns} />
      </Box>
    </NavigationContext.Provider>
  );
}
