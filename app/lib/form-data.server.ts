import { data } from 'react-router';

/**
 * The body of a form post. A body that is not a form (another content type, a broken
 * multipart body, bytes that do not decode) is the sender's mistake: 400 with the
 * error page, never a 500 and never an error in the log.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (error instanceof TypeError) throw data(null, { status: 400, statusText: 'Bad Request' });
    throw error;
  }
}
