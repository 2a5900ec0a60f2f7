// The revision page's server half (/updatePaperInfo): what it loads, and its two steps
// (check the changed information, then save it) and the revised file's upload.
import { data, redirect } from 'react-router';
import {
  SUBMIT_CHANGES_PATH,
  checkTheChanges,
  manuscriptContentModification,
  showPaperEditInfo,
  submissionPremiseByGch,
  verifyMessages,
  type ManuscriptFields,
  type PaperEditInfo,
} from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { optional } from '~/backend/optional.server';
import {
  editAuthorList,
  fieldErrors,
  manuscriptChanges,
  manuscriptFormValues,
  manuscriptInfoSchema,
  type FieldChange,
  type ManuscriptFormValues,
} from '~/schemas/manuscript';
import { flashCookie } from '~/lib/flash.server';
import { readForm } from '~/lib/form-data.server';
import { watchLeadingFields } from '~/lib/multipart-head.server';
import { draftValues } from '~/routes/upload/draft.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import { manuscripts as copy } from '~/copy/manuscripts';
import type { Route } from './+types/update-paper-info';

const FIELDS = ['title', 'titleEn', 'abstract', 'keywords', 'columnId', 'paperType', 'fund', 'remark', 'authors'] as const;
const KEY = /^[\w-]{8,100}$/;

function idFrom(request: Request): number {
  const url = new URL(request.url);
  const raw = url.searchParams.get('id') ?? url.searchParams.get('paperId') ?? '';
  const id = Number(raw);
  if (!/^\d{1,12}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw data(copy.notFound, { status: 404 });
  return id;
}

async function editInfo(request: Request, context: Route.LoaderArgs['context'], id: number): Promise<PaperEditInfo> {
  try {
    return await backendFor(request, context).call(showPaperEditInfo, { id });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) throw data(error.backendMessage || copy.notFound, { status: 404 });
    throw error;
  }
}

/**
 * /updatePaperInfo?id=: the revision the editors asked for (待返修): edit the information,
 * check what changed (核对修改) and save it, then upload the revised file with the 修改说明
 * (submitChanges). Before review starts (已投稿) only the information can be edited.
 * Earlier versions stay listed and downloadable.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = idFrom(request);
  const info = await editInfo(request, context, id);
  if (info.status === 'draft') throw redirect(`/upload/info?paperId=${id}`);
  if (!info.actions.canRevise && !info.actions.canEdit) {
    throw redirect(manuscriptPath(id), {
      headers: {
        'Set-Cookie': flashCookie(context, copy.revision.notAllowed(info.statusName), 'error'),
      },
    });
  }
  const mode = info.actions.canRevise ? ('revision' as const) : ('edit' as const);
  const url = new URL(request.url);
  const step = mode === 'revision' && url.searchParams.get('step') === 'file' ? ('file' as const) : ('info' as const);
  const changed = (url.searchParams.get('changed') ?? '').split(',').filter((f): f is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(f));
  const backend = backendFor(request, context);
  const [messages, edited, maxSizeMb] = await Promise.all([
    mode === 'revision' ? backend.call(verifyMessages, { id, current: 1, size: 20 }).then((page) => page.records) : Promise.resolve([]),
    // The editors' own edited version (编辑修改稿), when they made one: read-only, a refusal means none.
    mode === 'revision'
      ? optional(
          backend.call(checkTheChanges, { id }).then((check) => check.files.filter((f) => f.kind === 'edited')),
          [],
        )
      : Promise.resolve([]),
    // The journal's own size limit when it states one; the portal's default otherwise.
    info.gch
      ? optional(
          backend.call(submissionPremiseByGch, { gch: info.gch }).then((premise) => premise.requirements?.maxSizeMb ?? 50),
          50,
        )
      : Promise.resolve(50),
  ]);
  return {
    paper: info,
    values: draftValues(info),
    mode,
    step,
    changed: url.searchParams.has('changed') ? changed : null,
    messages,
    edited,
    maxSizeMb,
    idempotencyKey: `rev-${id}-${crypto.randomUUID()}`,
  };
}

export type ActionAnswer =
  | {
      kind: 'info';
      values: ManuscriptFormValues;
      errors: Record<string, string>;
      message: string | null;
    }
  | {
      kind: 'check';
      values: ManuscriptFormValues;
      changes: FieldChange[];
      message: string | null;
    }
  | { kind: 'file'; responseLetter: string; error: string };

/** The information to save: every field of the checked form; optional texts the author emptied are cleared (`clear`). */
function toBackend(values: ReturnType<typeof manuscriptInfoSchema.parse>, before: ManuscriptFormValues): ManuscriptFields {
  const clear = (['titleEn', 'fund', 'remark'] as const).filter((name) => !values[name] && before[name]);
  return {
    title: values.title,
    titleEn: values.titleEn,
    abstract: values.abstract,
    keywords: values.keywords,
    columnId: values.columnId,
    paperType: values.paperType,
    fund: values.fund,
    remark: values.remark,
    authors: values.authors.map((a) => ({
      name: a.name,
      institution: a.institution,
      email: a.email,
      mobile: a.mobile,
      corresponding: a.corresponding,
    })),
    ...(clear.length ? { clear } : {}),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = idFrom(request);

  // The revised file (without JavaScript): streamed to submitChanges as it arrives.
  if (/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) {
    const key = new URL(request.url).searchParams.get('key') ?? '';
    if (!request.body || !KEY.test(key))
      return data<ActionAnswer>(
        {
          kind: 'file',
          responseLetter: '',
          error: copy.revision.file.notMultipart,
        },
        { status: 400 },
      );
    const watched = watchLeadingFields(request.body, request.headers.get('Content-Type'));
    const forwarded = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: watched.stream,
      signal: request.signal,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    const answer = await backendFor(request, context).upload(SUBMIT_CHANGES_PATH, forwarded, { id, idempotencyKey: key });
    if (answer.ok) {
      throw redirect(`${manuscriptPath(id)}?done=revision`, {
        headers: {
          'Set-Cookie': flashCookie(context, answer.message || copy.detail.revisionDone, 'success'),
        },
      });
    }
    const typed = watched.fields();
    return data<ActionAnswer>(
      {
        kind: 'file',
        responseLetter: typed.responseLetter ?? '',
        error: answer.message || copy.revision.file.notMultipart,
      },
      { status: answer.status === 413 || answer.code === 413 ? 413 : 400 },
    );
  }

  const formData = await readForm(request);
  const intent = String(formData.get('intent') ?? 'check');
  const values = manuscriptFormValues(formData);
  const edited = editAuthorList(values, intent);
  if (edited)
    return data<ActionAnswer>({
      kind: 'info',
      values: edited,
      errors: {},
      message: null,
    });
  if (intent === 'edit')
    return data<ActionAnswer>({
      kind: 'info',
      values,
      errors: {},
      message: null,
    });

  const strict = manuscriptInfoSchema.safeParse(values);
  if (!strict.success)
    return data<ActionAnswer>(
      {
        kind: 'info',
        values,
        errors: fieldErrors(strict.error.issues),
        message: null,
      },
      { status: 400 },
    );
  const info = await editInfo(request, context, id);
  const before = draftValues(info);
  const changes = manuscriptChanges(before, values, info.columns);
  if (intent !== 'confirm')
    return data<ActionAnswer>({
      kind: 'check',
      values,
      changes,
      message: null,
    });

  const mode = info.actions.canRevise ? 'revision' : 'edit';
  if (changes.length > 0) {
    try {
      await backendFor(request, context).call(manuscriptContentModification, {
        id,
        ...toBackend(strict.data, before),
      });
    } catch (error) {
      if (error instanceof BackendEnvelopeError) return data<ActionAnswer>({ kind: 'check', values, changes, message: error.backendMessage }, { status: 400 });
      throw error;
    }
  }
  if (mode === 'revision') {
    const changed = changes.map((c) => c.field).join(',');
    throw redirect(`/updatePaperInfo?id=${id}&step=file&changed=${changed}`);
  }
  throw redirect(`${manuscriptPath(id)}${changes.length ? '?done=edit' : ''}`);
}
