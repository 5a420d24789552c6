import type { PendingRequest, RequestPolicy } from '../../core/elicitation/types.js';
import { cliPolicy } from '../elicit/options.js';
import type { AnswerSettings, PolicyIo } from '../elicit/policy.js';

/** What the command's options leave to a person: in a session that is a question that waits for `mcpdeck answer`. */
function leftToPerson(settings: AnswerSettings, request: PendingRequest): boolean {
  switch (request.kind) {
    case 'elicit-form':
      return !settings.answers && settings.onElicit === 'ask';
    case 'elicit-url':
      return settings.onElicit === 'ask';
    case 'sample':
      return settings.sampleReply === undefined && settings.onSample === 'ask';
  }
}

/**
 * A command's answering policy in a session: its options answer what they can, as they do
 * anywhere (notes to its own stderr); what they leave to a person waits in the queue.
 */
export function sessionPolicy(settings: AnswerSettings, say: (text: string) => void, sampleByModel?: PolicyIo['sampleByModel']): RequestPolicy {
  const byOptions = cliPolicy(settings, false, say, sampleByModel);
  return (request, signal) => (leftToPerson(settings, request) ? undefined : byOptions(request, signal));
}
