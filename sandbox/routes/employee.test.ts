import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDigit } from '../idcard.js';
import { buildPdf } from '../pdf.js';
import { startTestSandbox, wordLikeDocx, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
let token: string;
const E = '/manage/employee';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  sb = await startTestSandbox(20);
  token = await sb.login();
});
afterAll(() => sb.close());

describe('messages', () => {
  it('drops the unread count after markRead', async () => {
    const unread = async () => (await sb.post(`${E}/employeeNewsletter/unreadNumber`, {}, { token })).body.entity as number;
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    const list = (await sb.post(`${E}/employeeNewsletter/list`, { isRead: false }, { token })).body.entity;
    expect(list.records.every((m: { isRead: boolean }) => !m.isRead)).toBe(true);
    await sb.post(`${E}/employeeNewsletter/markRead`, { id: list.records[0].id }, { token });
    expect(await unread()).toBe(before - 1);
    await sb.post(`${E}/employeeNewsletter/markRead`, { all: true }, { token });
    expect(await unread()).toBe(0);
    const seeded = (await sb.post(`${E}/employeeNewsletter/list`, { type: 3 }, { token })).body.entity.records;
    expect(seeded[0]).toMatchObject({ typeName: '撤稿回执', hasAttachment: true });
  });
});

describe('identity', () => {
  it('validates the check digit and never answers the number unmasked', async () => {
    const bad = await sb.post(`${E}/authorIdentityAuthentication`, { realName: '张晓明', idNumber: '110105194912310021' }, { token });
    expect(bad.body).toMatchObject({ code: 400, message: '身份证号码校验位不正确，请核对后重新输入', field: 'idNumber' });
    const first17 = '11010119900307123';
    const id = first17 + checkDigit(first17);
    const ok = await sb.post(`${E}/authorIdentityAuthentication`, { realName: '张晓明', idNumber: id }, { token });
    expect(ok.body).toMatchObject({
      code: 200,
      message: '实名认证成功',
      entity: { idNumber: `110101********${id.slice(-4)}`, birthDate: '1990-03-07', gender: 1 },
    });
    for (const path of ['identityInformation', 'queryIdentityInformation', 'getProfile']) {
      const body = JSON.stringify((await sb.post(`${E}/${path}`, {}, { token })).body);
      expect(body).not.toContain(id);
    }
    expect((await sb.post(`${E}/queryIdentityInformation`, {}, { token })).body.entity).toMatchObject({ authenticated: true, realName: '张*明' });
    const other = await sb.login('demo_reader');
    const dup = await sb.post(`${E}/authorIdentityAuthentication`, { realName: '李思远', idNumber: id }, { token: other });
    expect(dup.body.message).toBe('该身份证号码已被其他账号认证');
  });

  it('simulates face recognition through the sandbox page', async () => {
    const start = (await sb.post(`${E}/employeeFaceRecognition/faceRecognition`, {}, { token })).body.entity;
    expect(start.url).toContain(`/__sandbox/face/verify?ticket=${start.ticket}`);
    const html = await (await fetch(start.url)).text();
    expect(html).toContain('id="pass"');
    const poll = () => sb.post(`${E}/employeeFaceRecognition/getFaceRecognitionResult`, { ticket: start.ticket }, { token });
    expect((await poll()).body.entity.status).toBe('pending');
    await fetch(`${sb.url}/__sandbox/face/result?ticket=${start.ticket}&result=pass`);
    expect((await poll()).body.entity).toMatchObject({ status: 'passed', statusName: '识别通过' });
    expect((await sb.post(`${E}/identityInformation`, {}, { token })).body.entity.faceVerified).toBe(true);
  });
});

describe('check-in and lottery', () => {
  it('checks in once a day; each check-in is one draw', async () => {
    const first = await sb.post('/manage/preferential/lotteryActivitySign/authorCheckIn', {}, { token });
    expect(first.body).toMatchObject({ code: 200, entity: { checkedIn: true, streak: 1 } });
    const again = await sb.post('/manage/preferential/lotteryActivitySign/authorCheckIn', {}, { token });
    expect(again.body).toMatchObject({ code: 400, message: '今日已签到，请明天再来' });
    await sb.post('/__sandbox/clock', { offsetDays: 1 });
    expect((await sb.post('/manage/preferential/lotteryActivitySign/queryAuthorIsCheck', {}, { token })).body.entity.checkedIn).toBe(false);
    const next = await sb.post('/manage/preferential/lotteryActivitySign/authorCheckIn', {}, { token });
    expect(next.body.entity).toMatchObject({ streak: 2, totalDays: 2 });
    await sb.post('/__sandbox/clock', { offsetDays: 0 });

    const activities = (await sb.post('/manage/preferential/lotteryActivity/getActivities', {}, { token })).body.entity;
    const running = activities.find((a: { status: string }) => a.status === 'running');
    expect(running.chances).toBe(2);
    for (let i = 0; i < 2; i++) {
      const draw = await sb.post('/manage/preferential/lotteryActivity/authorLottery', { activityId: running.id }, { token });
      expect(draw.body.entity.chancesLeft).toBe(1 - i);
    }
    const none = await sb.post('/manage/preferential/lotteryActivity/authorLottery', { activityId: running.id }, { token });
    expect(none.body.message).toBe('抽奖次数已用完，签到可获得抽奖机会');
  });
});

describe('favourites and history', () => {
  it('records reads and downloads of a signed-in reader; favourites come and go', async () => {
    const art = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 12 }, { token })).body.entity;
    const reads = (await sb.post(`${E}/employeeRecording/readRecordList`, {}, { token })).body.entity;
    expect(reads.records[0]).toMatchObject({ paperId: 12, count: 1, paper: { id: 12 } });
    await (await sb.fetch(art.pdfFile.downloadUrl, { token })).arrayBuffer();
    const downloads = (await sb.post(`${E}/employeeRecording/downloadPdfList`, {}, { token })).body.entity;
    expect(downloads.records[0]).toMatchObject({ paperId: 12, paper: { title: art.title } });
    // anonymous reads are not recorded anywhere
    await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 13 });
    expect((await sb.post(`${E}/employeeRecording/readRecordList`, {}, { token })).body.entity.records.some((r: { paperId: number }) => r.paperId === 13)).toBe(
      false,
    );

    const is = async () => (await sb.post(`${E}/employeeRecording/isCollection`, { paperId: 12 }, { token })).body.entity;
    expect(await is()).toBe(false);
    await sb.post(`${E}/employeeRecording/collection`, { paperId: 12 }, { token });
    expect(await is()).toBe(true);
    const favs = (await sb.post(`${E}/employeeRecording/collectionList`, {}, { token })).body.entity;
    expect(favs.records[0]).toMatchObject({ paperId: 12 });
    expect(favs.total).toBe(4); // 3 seeded
    await sb.post(`${E}/employeeRecording/cancelCollection`, { paperId: 12 }, { token });
    expect(await is()).toBe(false);
  });
});

describe('account', () => {
  it('changes the mobile number with an SMS code to the new number', async () => {
    const send = await sb.post(`${E}/verificationPasswordAndSendCode`, { password: 'Demo@2026', mobileNo: '13700000009' }, { token });
    expect(send.body).toMatchObject({ code: 200, entity: { mobile: '137****0009' } });
    const code = (await sb.get<{ code: string }>(`/__sandbox/sms?mobile=13700000009`)).body.entity.code;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await sb.post(`${E}/mobileNoChange`, { mobileNo: '13700000009', code: wrong }, { token })).body).toMatchObject({
      message: '短信验证码错误或已失效',
      field: 'code',
    });
    const wrongPassword = await sb.post(`${E}/verificationPasswordAndSendCode`, { password: 'wrong', mobileNo: '13700000008' }, { token });
    expect(wrongPassword.body).toMatchObject({ message: '密码错误', field: 'password' });
    const ok = await sb.post(`${E}/mobileNoChange`, { mobileNo: '13700000009', code }, { token });
    expect(ok.body).toMatchObject({ code: 200, entity: { mobileNo: '137****0009' } });
    expect((await sb.post(`${E}/getProfile`, {}, { token })).body.entity.mobileNo).toBe('137****0009');
  });

  it('checks avatar images by type and stores them by hash', async () => {
    const bad = await sb.upload(`${E}/setUpHeadImgUrl`, { name: 'a.png', data: buildPdf({ title: 'x', lines: [] }) }, {}, { token });
    expect(bad.body.message).toMatch(/文件内容与扩展名不符|文件类型不正确/);
    const ok = await sb.upload(`${E}/setUpHeadImgUrl`, { name: 'me.png', data: PNG }, {}, { token });
    expect(ok.body.entity.headImgUrl).toMatch(/^\/api\/attachmentApi\/fileBrowsing\?hash=[0-9a-f]{64}$/);
    const img = await sb.fetch(ok.body.entity.headImgUrl);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('validates invoicing information (taxpayer number)', async () => {
    const bad = await sb.post(
      `${E}/employeeInvoicingInformation/addInvoicingInformation`,
      { type: 2, title: '某某科技有限公司', taxpayerNo: '123' },
      { token },
    );
    expect(bad.body.message).toBe('纳税人识别号应为15、18或20位数字或大写字母');
    const ok = await sb.post(
      `${E}/employeeInvoicingInformation/addInvoicingInformation`,
      { type: 2, title: '某某科技有限公司', taxpayerNo: '91110108mA01abcd3x' },
      { token },
    );
    expect(ok.body.entity).toMatchObject({ typeName: '单位', taxpayerNo: '91110108MA01ABCD3X' });
  });

  it('uploads attachments, reads docx text and applies for scholar status', async () => {
    const up = await sb.upload('/api/attachmentApi/upload', { name: '证明.docx', data: wordLikeDocx() }, {}, { token });
    expect(up.body.entity).toMatchObject({ fileType: 'docx', ossKey: expect.stringMatching(/^attachment\//) });
    const text = await sb.post('/api/attachmentApi/getString', { ossKey: up.body.entity.ossKey }, { form: true });
    expect(text.body.entity.text.split('\n')[0]).toBe('数据交易场所的法律定位');
    const apply = await sb.post(
      '/manage/process/employeeScholarAudit/scholarApplication',
      { realName: '张晓明', institution: '中国人民大学法学院', title: '副教授', researchField: '数据法', ossKey: up.body.entity.ossKey },
      { token },
    );
    expect(apply.body.entity).toMatchObject({ status: 'pending', file: { fileName: '证明.docx' } });
    expect((await sb.post('/manage/process/employeeScholarAudit/isScholarApplication', {}, { token })).body.entity.statusName).toBe('审核中');
  });

  it('changes the password and ends the other sessions', async () => {
    const other = await sb.login();
    const res = await sb.post(`${E}/passwordChange`, { oldPassword: 'Demo@2026', password: 'New@2026x', confirmPassword: 'New@2026x' }, { token });
    expect(res.body.message).toBe('密码修改成功！');
    expect((await sb.post(`${E}/getProfile`, {}, { token: other })).status).toBe(403);
    expect((await sb.post(`${E}/getProfile`, {}, { token })).status).toBe(200);
  });
});
