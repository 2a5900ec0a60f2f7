// The verification page's server half: what it loads and what its forms do.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { getProfile } from '~/backend/endpoints/personal.server';
import {
  SCHOLAR_APPLICATION_PATH,
  authorIdentityAuthentication,
  faceRecognition,
  getFaceRecognitionResult,
  identityInformation,
  isScholarApplication,
} from '~/backend/endpoints/verification.server';
import { BackendEnvelopeError } from '~/backend/errors';
import type { FaceState } from '~/components/verification/FaceSection';
import { faceTicketCookie, readFaceTicket } from '~/components/verification/face-ticket.server';
import { verification as copy } from '~/copy/verification';
import { refusalErrors } from '~/schemas/refusal';
import { identityRefusalFields, identitySchema, maskIdNumber, scholarRefusalFields, scholarSchema, verificationMessages } from '~/schemas/verification';
import { flashCookie } from '~/lib/flash.server';
import { readForm } from '~/lib/form-data.server';
import { readLeadingFields } from '~/lib/multipart-head.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast, refusal, refusalOf } from '~/lib/action-result.server';
import type { Route } from './+types/verification';

const PAGE = '/personal/account/verification';

/** /personal/account/verification: 实名认证, 人脸识别 and 学者认证, each with its state and form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireAuthor(request, context);
  const backend = backendFor(request, context);
  const [identity, scholar, profile] = await Promise.all([backend.call(identityInformation), backend.call(isScholarApplication), backend.call(getProfile)]);

  let face: FaceState | null = null;
  const started = identity ? readFaceTicket(request, context, session.user.id) : null;
  if (started) {
    try {
      const result = await backend.call(getFaceRecognitionResult, {
        ticket: started.ticket,
      });
      face = {
        ...result,
        url: result.status === 'pending' ? started.url : null,
      };
    } catch (error) {
      // A ticket the backend no longer knows: as if none was started.
      if (!(error instanceof BackendEnvelopeError)) throw error;
    }
  }
  return {
    // The backend masks the number; masked again in case a backend ever sends it whole.
    identity: identity ? { ...identity, idNumber: maskIdNumber(identity.idNumber) } : null,
    face,
    scholar,
    applicant: {
      realName: identity?.realName ?? profile.realName ?? '',
      institution: profile.institution ?? '',
      title: profile.title ?? '',
    },
  };
}

export type FormName = 'identity' | 'scholar';
export interface Answer {
  form: FormName;
  result: SubmissionResult<string[]>;
}

function answer(form: FormName, result: SubmissionResult<string[]>, status = 400) {
  return data<Answer>({ form, result }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireAuthor(request, context);
  if (/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) return scholarApplication(request, context);

  const formData = await readForm(request);
  const backend = backendFor(request, context);
  const intent = formData.get('intent');

  if (intent === 'faceStart') {
    let cookie: string;
    try {
      const start = await backend.call(faceRecognition);
      if (!/^https?:\/\/[^/]/i.test(start.url)) throw new BackendEnvelopeError(faceRecognition.path, 502, copy.common.failed);
      cookie = faceTicketCookie(context, session.user.id, start);
    } catch (error) {
      return redirectWithToast(context, `${PAGE}#face`, refusal(error), 'error');
    }
    const headers = new Headers();
    headers.append('Set-Cookie', cookie);
    headers.append('Set-Cookie', flashCookie(context, copy.face.started, 'success'));
    return redirect(`${PAGE}#face`, { headers });
  }

  // 实名认证 (the only other form of the page).
  const submission = parseWithZod(formData, { schema: identitySchema });
  if (submission.status !== 'success') return answer('identity', submission.reply());
  try {
    await backend.call(authorIdentityAuthentication, submission.value);
  } catch (error) {
    return answer('identity', submission.reply(refusalErrors(refusalOf(error), identityRefusalFields)));
  }
  return redirectWithToast(context, PAGE, copy.identity.done);
}

/**
 * 学者认证 without buffering the file: the text fields at the head of the multipart body
 * are read and checked (the same schema as the browser), then the body is streamed on
 * unchanged to the backend, which checks the file by its content and size.
 */
async function scholarApplication(request: Request, context: Route.ActionArgs['context']) {
  const lead = await readLeadingFields(request);
  if (!lead)
    return answer('scholar', {
      status: 'error',
      error: { '': [copy.common.notMultipart] },
    });
  const fields = new FormData();
  for (const [name, value] of Object.entries(lead.fields)) fields.set(name, value);
  // The size is the backend's to check while the file streams by (10 MB).
  if (lead.file?.name) fields.set('file', new File([new Uint8Array(1)], lead.file.name));
  const submission = parseWithZod(fields, { schema: scholarSchema });
  if (submission.status !== 'success') {
    await lead.discard();
    return answer('scholar', submission.reply({ hideFields: ['file'] }));
  }
  const forwarded = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body: lead.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit);
  const upload = await backendFor(request, context).upload(SCHOLAR_APPLICATION_PATH, forwarded);
  if (!upload.ok) {
    const tooLarge = upload.status === 413 || upload.code === 413;
    const refused = tooLarge
      ? { message: verificationMessages.fileSize, field: 'file' }
      : { message: upload.message || copy.common.failed, field: upload.field };
    return answer(
      'scholar',
      submission.reply({
        hideFields: ['file'],
        ...refusalErrors(refused, scholarRefusalFields),
      }),
    );
  }
  return redirectWithToast(context, `${PAGE}#scholar`, upload.message || copy.scholar.submitted);
}
