import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { getProfile } from '~/backend/endpoints/personal.server';
import { PROFILE_FIELDS, SET_HEAD_IMG_PATH, headImgAnswerSchema, modifyProfile, type ModifyProfileInput } from '~/backend/endpoints/account.server';
import type { BackendFailure } from '~/backend/errors';
import { AvatarForm, ProfileForm } from '~/components/account/ProfileForms';
import type { AvatarActionData } from '~/components/account/types';
import { account as copy } from '~/copy/account';
import { profileSchema, splitResearchFields } from '~/schemas/account';
import { flashCookie } from '~/lib/flash.server';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor, commitSession } from '~/session/session.server';
import { redirectWithToast, refusal } from '~/lib/action-result.server';
import { peekAvatar, reply } from './account.server';
import type { Route } from './+types/profile';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.profile.title, noindex: true });

const PAGE = '/personal/account';

/** /personal/account: 基本资料 — the avatar and the profile (getProfile). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const profile = await backendFor(request, context).call(getProfile);
  return { profile };
}

/** The avatar form posts multipart (streamed on to setUpHeadImgUrl); the profile form posts fields. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = requireAuthor(request, context);
  if (/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) return uploadAvatar(request, context, session);

  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== 'success') return reply('profile', submission);
  const v = submission.value;
  const input: ModifyProfileInput = {
    realName: v.realName,
    gender: v.gender ? Number(v.gender) : undefined,
    mailbox: v.mailbox,
    title: v.title,
    education: v.education,
    institution: v.institution,
    department: v.department,
    researchFields: v.researchFields !== undefined ? splitResearchFields(v.researchFields) : undefined,
    address: v.address,
    postcode: v.postcode,
    orcid: v.orcid,
    bio: v.bio,
    // A field sent empty was emptied by the user (the backend keeps what is not sent).
    clear: PROFILE_FIELDS.filter(
      (field) => field !== 'realName' && field !== 'gender' && formData.has(field) && String(formData.get(field)).trim() === '',
    ) as ModifyProfileInput['clear'],
  };
  try {
    await backendFor(request, context).call(modifyProfile, input);
  } catch (error) {
    return reply('profile', submission, { formErrors: [refusal(error)] });
  }
  return redirectWithToast(context, PAGE, copy.profile.info.done);
}

async function uploadAvatar(request: Request, context: Route.ActionArgs['context'], session: ReturnType<typeof requireAuthor>) {
  const refused = (status: number, error: string) => data<AvatarActionData>({ form: 'avatar', error }, { status });
  const peeked = await peekAvatar(request);
  if (!peeked.ok) return refused(peeked.status, peeked.message);
  const answer = await backendFor(request, context).upload(SET_HEAD_IMG_PATH, peeked.request);
  if (!answer.ok) return refused(answer.status === 413 || answer.code === 413 ? 413 : 400, answer.message || copy.profile.avatar.failed);
  const parsed = headImgAnswerSchema.safeParse(answer.entity);
  if (!parsed.success) {
    context.logger.error({ backend: SET_HEAD_IMG_PATH }, 'avatar answer off contract');
    throw data<BackendFailure>({ backendFailure: 'schema', requestId: context.requestId }, { status: 502 });
  }
  // The header shows the avatar from the session: keep it in step.
  const headers = new Headers();
  headers.append('Set-Cookie', commitSession({ ...session, user: { ...session.user, headImgUrl: parsed.data.headImgUrl } }, context));
  headers.append('Set-Cookie', flashCookie(context, copy.profile.avatar.done, 'success'));
  return redirect(PAGE, { headers });
}

export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const avatarError = actionData && 'error' in actionData ? actionData.error : undefined;
  return (
    <>
      <AvatarForm username={profile.username} headImgUrl={profile.headImgUrl} error={avatarError} />
      <ProfileForm profile={profile} actionData={actionData} />
    </>
  );
}
