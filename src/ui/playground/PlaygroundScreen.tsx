import { useState } from 'react';
import type { Deck } from '../../core/deck.js';
import type { ServerState } from '../../core/servers/state.js';
import { useDeck } from '../DeckContext.js';
import { useBodySize } from '../hooks/useBodySize.js';
import { useServers } from '../hooks/useServers.js';
import { ChatView } from './ChatView.js';
import { ServerPicker } from './ServerPicker.js';
import type { ModelChoice } from './tool-cost.js';
import { useChat } from './useChat.js';

/** The deck's model as the settings name it now, or what is wrong with them in words the person can act on. */
function modelChoice(deck: Deck): ModelChoice {
  try {
    return { spec: deck.models.endpoint().spec };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Checked at first: the server selected on the dashboard when it is connected, else every connected one. */
function firstPick(connected: readonly ServerState[], selected: string | undefined): ReadonlySet<string> {
  const one = connected.find((s) => s.name === selected);
  return new Set(one ? [one.name] : connected.map((s) => s.name));
}

/**
 * The model playground: pick the servers whose tools the model gets, then talk to it. Its
 * tool calls go through the Deck as a hand call would, asking first where a hand call
 * would; leaving the screen stops and drops the conversation (`s` saves it first).
 */
export function PlaygroundScreen({ server }: { server?: string }) {
  const deck = useDeck();
  const size = useBodySize();
  const connected = useServers().filter((s) => s.status === 'connected');
  const [model, setModel] = useState(() => modelChoice(deck));
  // Undefined until the person checks or unchecks one: servers that connect meanwhile count.
  const [checked, setChecked] = useState<ReadonlySet<string>>();
  const [notice, setNotice] = useState<string>();
  const [lastFile, setLastFile] = useState<string>();
  const control = useChat();
  const picked = checked ?? firstPick(connected, server);
  const start = (servers: readonly string[], system?: string) => {
    try {
      return control.start(servers, system);
    } catch (error) {
      setNotice((error as Error).message);
    }
  };
  const { chat } = control;
  if (chat && 'spec' in model) {
    return (
      <ChatView
        key={chat.id}
        chat={chat}
        control={control}
        spec={model.spec}
        width={size.columns}
        height={size.rows}
        lastFile={lastFile}
        onFile={setLastFile}
        onReplay={(transcript) => {
          const conversation = start(chat.servers, transcript.system);
          // A new conversation is never busy, the one way send fails: its failures are turns.
          if (conversation) void control.send(conversation, transcript.messages).catch(() => undefined);
        }}
      />
    );
  }
  return (
    <ServerPicker
      servers={connected}
      checked={picked}
      model={model}
      notice={notice}
      width={size.columns}
      height={size.rows}
      onToggle={(name) => {
        const next = new Set(picked);
        if (!next.delete(name)) next.add(name);
        setChecked(next);
      }}
      onStart={() => {
        // Read again: a settings file put right since the screen opened is taken.
        const now = modelChoice(deck);
        setModel(now);
        setNotice(undefined);
        if ('spec' in now) start(connected.filter((s) => picked.has(s.name)).map((s) => s.name));
      }}
    />
  );
}
