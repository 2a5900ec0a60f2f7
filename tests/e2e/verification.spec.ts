import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './auth-support';
import { E2E } from './env';
import { signIn } from './fixtures';
import { freshAuthor } from './authors';
import { PDF, PNG } from './files';
import { sandboxPost } from './sandbox';

/**
 * The account's 身份认证, 开票信息 and 意见反馈 tabs: every form with and without
 * JavaScript. Identity can be authenticated once per account and an ID number once per
 * sandbox, so each test registers its own author and makes up its own valid number.
 */

const VERIFICATION = '/personal/account/verification';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
let serial = 0;
/** A valid resident ID number no other test uses: 110101, a birth date, a serial, the check digit. */
function uniqueIdNumber(testInfo: TestInfo) {
  serial += 1;
  const day = String(1 + ((process.pid + serial * 7) % 28)).padStart(2, '0');
  const month = String(1 + (Date.now() % 12)).padStart(2, '0');
  const year = 1960 + (((Date.now() / 1000) % 40) | 0);
  const seq = String((Date.now() + serial * 37 + (testInfo.project.name === 'js' ? 500 : 0)) % 1000).padStart(3, '0');
  const first17 = `110101${year}${month}${day}${seq}`;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(first17[i]), 0);
  const valid = first17 + '10X98765432'[sum % 11];
  const wrong = first17 + (valid.endsWith('0') ? '1' : '0');
  return { valid, wrong, masked: `110101********${valid.slice(-4)}` };
}

/** The verification badges of the personal index page. */
const badges = (page: Page) => page.getByRole('list', { name: '认证状态' });

test.describe('identity (实名认证)', () => {
  test('a wrong check digit is refused with the values kept; a right one is accepted and shown masked', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'vf');
    const id = uniqueIdNumber(testInfo);
    const response = await page.goto(VERIFICATION);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page).toHaveTitle(/身份认证/);
    const section = page.getByRole('region', { name: '实名认证' });
    await section.getByLabel('真实姓名').fill('王晓红');
    await section.getByLabel('身份证号码').fill(id.wrong);
    await section.getByRole('button', { name: '提交认证' }).click();

    const idInput = section.getByLabel('身份证号码');
    await expect(section.getByText('身份证号码校验位不正确，请核对后重新输入')).toBeVisible();
    await expect(idInput).toHaveAttribute('aria-invalid', 'true');
    await expect(idInput).toHaveAccessibleDescription(/身份证号码校验位不正确/);
    await expect(idInput).toHaveValue(id.wrong);
    await expect(section.getByLabel('真实姓名')).toHaveValue('王晓红');

    await idInput.fill(id.valid);
    await section.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('实名认证成功')).toBeVisible();
    await expect(page).toHaveURL(`${E2E.baseUrl}${VERIFICATION}`);
    await expect(section).toContainText('已实名认证');
    await expect(section).toContainText(id.masked);
    await expect(section).toContainText('王晓红');
    expect(await page.content()).not.toContain(id.valid);
    await expect(section.getByRole('button', { name: '提交认证' })).toHaveCount(0);

    await page.goto('/personal/index');
    await expect(badges(page)).toContainText('已实名认证');
  });

  test('a number another account authenticated is refused next to the field', async ({ page, context }, testInfo) => {
    const other = await freshAuthor(context, testInfo, 'vf');
    const id = uniqueIdNumber(testInfo);
    expect((await sandboxPost('/manage/employee/authorIdentityAuthentication', { realName: '李四', idNumber: id.valid }, other.token)).success).toBe(true);
    await freshAuthor(context, testInfo, 'vf');
    await page.goto(VERIFICATION);
    const section = page.getByRole('region', { name: '实名认证' });
    await section.getByLabel('真实姓名').fill('赵六');
    await section.getByLabel('身份证号码').fill(id.valid);
    await section.getByRole('button', { name: '提交认证' }).click();
    await expect(section.getByText('该身份证号码已被其他账号认证')).toBeVisible();
    await expect(section.getByLabel('身份证号码')).toHaveValue(id.valid);
    await expect(section.getByLabel('身份证号码')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('face recognition (人脸识别)', () => {
  async function authenticated(context: BrowserContext, testInfo: TestInfo) {
    const author = await freshAuthor(context, testInfo, 'vf');
    const answer = await sandboxPost(
      '/manage/employee/authorIdentityAuthentication',
      { realName: '钱七', idNumber: uniqueIdNumber(testInfo).valid },
      author.token,
    );
    expect(answer.success).toBe(true);
    return author;
  }

  /** Starts the recognition and opens the simulated provider page in its new window. */
  async function startAndOpen(page: Page) {
    await page.goto(VERIFICATION);
    const section = page.getByRole('region', { name: '人脸识别' });
    await section.getByRole('button', { name: '开始人脸识别' }).click();
    await expect(page.getByText('已发起人脸识别，请在新窗口中完成识别')).toBeVisible();
    await expect(section).toContainText('等待识别');
    const [provider] = await Promise.all([page.context().waitForEvent('page'), section.getByRole('link', { name: /打开人脸识别页面/ }).click()]);
    await provider.waitForLoadState();
    await expect(provider.getByRole('heading', { name: '人脸识别（沙箱模拟）' })).toBeVisible();
    return { section, provider };
  }

  test('needs the identity first', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'vf');
    await page.goto(VERIFICATION);
    const section = page.getByRole('region', { name: '人脸识别' });
    await expect(section).toContainText('请先完成实名认证，再进行人脸识别。');
    await expect(section.getByRole('button', { name: '开始人脸识别' })).toHaveCount(0);
  });

  test('@js-only started, done on the simulated page, and the result appears by itself', async ({ page, context }, testInfo) => {
    await authenticated(context, testInfo);
    const { section, provider } = await startAndOpen(page);
    await expect(section.getByText('正在等待识别结果，本页将自动更新…')).toBeVisible();
    await expect(section.getByRole('button', { name: '查看结果' })).toHaveCount(0);
    await provider.locator('#pass').click();
    await expect(provider.locator('#done')).toHaveText('识别通过');
    await provider.close();
    await expect(section).toContainText('已通过人脸识别', { timeout: 10_000 });
    await page.goto('/personal/index');
    await expect(badges(page)).toContainText('已人脸识别');
  });

  test('without JavaScript: 查看结果 shows the result after the simulated page @no-js-only', async ({ page, context }, testInfo) => {
    await authenticated(context, testInfo);
    const { section, provider } = await startAndOpen(page);
    await section.getByRole('button', { name: '查看结果' }).click();
    await expect(section).toContainText('等待识别');
    await provider.locator('#pass').click();
    await expect(provider.locator('#done')).toHaveText('识别通过');
    await provider.close();
    await section.getByRole('button', { name: '查看结果' }).click();
    await expect(section).toContainText('已通过人脸识别');
    await page.goto('/personal/index');
    await expect(badges(page)).toContainText('已人脸识别');
  });

  test('a failed recognition says so and offers another try', async ({ page, context }, testInfo) => {
    await authenticated(context, testInfo);
    const { section, provider } = await startAndOpen(page);
    await provider.locator('#fail').click();
    await expect(provider.locator('#done')).toHaveText('识别未通过');
    await provider.close();
    if (testInfo.project.name === 'no-js') await section.getByRole('button', { name: '查看结果' }).click();
    await expect(section).toContainText('人脸识别未通过', { timeout: 10_000 });
    await section.getByRole('button', { name: '重新识别' }).click();
    await expect(section).toContainText('等待识别');
  });
});

test.describe('scholar verification (学者认证)', () => {
  const pdf = { name: '职称证书.pdf', mimeType: 'application/pdf', buffer: PDF };

  async function fill(page: Page) {
    const section = page.getByRole('region', { name: '学者认证' });
    await section.getByLabel('真实姓名').fill('孙八');
    await section.getByLabel('工作单位').fill('清华大学法学院');
    await section.getByLabel('职称').fill('副教授');
    await section.getByLabel('研究方向').fill('个人信息保护');
    return section;
  }

  test('an application with its supporting file, then approved through the sandbox hook', async ({ page, context }, testInfo) => {
    const { username, token } = await freshAuthor(context, testInfo, 'vf');
    await page.goto(VERIFICATION);
    const section = await fill(page);
    await expect(section).toContainText('未申请');
    await section.getByLabel('证明材料').setInputFiles(pdf);
    await section.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText('申请已提交，请等待审核')).toBeVisible();
    await expect(section).toContainText('审核中');
    await expect(section).toContainText('清华大学法学院');
    await expect(section.getByRole('link', { name: '职称证书.pdf' })).toBeVisible();
    await expect(section.getByRole('button', { name: '提交申请' })).toHaveCount(0);

    // Stored by the sandbox, file included.
    const state = await sandboxPost('/manage/process/employeeScholarAudit/isScholarApplication', {}, token);
    expect(state.entity).toMatchObject({
      status: 'pending',
      application: { researchField: '个人信息保护', file: { fileName: '职称证书.pdf', fileType: 'pdf' } },
    });

    expect((await sandboxPost('/__sandbox/scholar/decide', { username, result: 'approved', opinion: '材料齐全' })).success).toBe(true);
    await page.goto(VERIFICATION);
    await expect(section.getByRole('heading', { name: /学者认证/ })).toContainText('已认证');
    await expect(section).toContainText('您已通过学者认证。');
    await expect(section).toContainText('材料齐全');
    await page.goto('/personal/index');
    await expect(badges(page)).toContainText('认证学者');
  });

  test('refusals keep the values: a file type not allowed, and a file whose content is not what its name says', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'vf');
    await page.goto(VERIFICATION);
    let section = await fill(page);
    await section.getByLabel('证明材料').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a certificate') });
    await section.getByRole('button', { name: '提交申请' }).click();
    await expect(section.getByText('文件类型不正确，仅支持PDF、Word、Excel及图片格式')).toBeVisible();
    await expect(section.getByLabel('证明材料')).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByLabel('工作单位')).toHaveValue('清华大学法学院');

    // The backend judges by content: a PNG image named .pdf.
    section = await fill(page);
    await section.getByLabel('证明材料').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: PNG });
    await section.getByRole('button', { name: '提交申请' }).click();
    await expect(section.getByText(/文件内容与扩展名不符/)).toBeVisible();
    await expect(section.getByLabel('研究方向')).toHaveValue('个人信息保护');
    await expect(section.getByLabel('真实姓名')).toHaveValue('孙八');
    await expect(section).toContainText('未申请');
  });
});

test.describe('invoicing information (开票信息)', () => {
  test('a personal invoice needs no taxpayer number', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'vf');
    await page.goto('/personal/account/invoice');
    await expect(page).toHaveTitle(/开票信息/);
    await expect(page.getByText('尚未填写开票信息')).toBeVisible();
    const form = page.getByRole('region', { name: '填写开票信息' });
    await form.getByRole('radio', { name: '个人' }).check();
    await form.getByLabel('发票抬头').fill('周九');
    await form.getByLabel(/接收发票邮箱/).fill('zhoujiu@example.com');
    await form.getByRole('button', { name: '保存开票信息' }).click();
    await expect(page.getByText('开票信息保存成功')).toBeVisible();
    const current = page.getByRole('region', { name: '当前开票信息' });
    await expect(current).toContainText('个人');
    await expect(current).toContainText('周九');
    const saved = await sandboxPost('/manage/employee/employeeInvoicingInformation/getInvoicingInformation', {}, token);
    expect(saved.entity).toMatchObject({ type: 1, title: '周九', taxpayerNo: null, email: 'zhoujiu@example.com' });
  });

  test('a company invoice: a bad taxpayer number is refused, a good one saved and shown masked, and kept when left empty', async ({
    page,
    context,
  }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'vf');
    await page.goto('/personal/account/invoice');
    let form = page.getByRole('region', { name: '填写开票信息' });
    await form.getByRole('radio', { name: '单位' }).check();
    await form.getByLabel('发票抬头').fill('北京数据法学研究会');
    await form.getByLabel('纳税人识别号').fill('12100000400000624E');
    await form.getByLabel(/开户行/).fill('中国银行北京分行');
    await form.getByRole('button', { name: '保存开票信息' }).click();
    const taxpayer = form.getByLabel('纳税人识别号');
    await expect(form.getByText('纳税人识别号校验位不正确，请核对后重新输入')).toBeVisible();
    await expect(taxpayer).toHaveAttribute('aria-invalid', 'true');
    await expect(taxpayer).toHaveValue('12100000400000624E');
    await expect(form.getByLabel('发票抬头')).toHaveValue('北京数据法学研究会');
    await expect(form.getByLabel(/开户行/)).toHaveValue('中国银行北京分行');

    await taxpayer.fill('');
    await form.getByRole('button', { name: '保存开票信息' }).click();
    await expect(form.getByText('单位发票请填写纳税人识别号')).toBeVisible();

    await taxpayer.fill('91110000802100433b');
    await form.getByRole('button', { name: '保存开票信息' }).click();
    await expect(page.getByText('开票信息保存成功')).toBeVisible();
    const current = page.getByRole('region', { name: '当前开票信息' });
    await expect(current).toContainText('单位');
    await expect(current).toContainText('9111**********433B');
    expect(await page.content()).not.toContain('91110000802100433B');

    // Left empty, the saved number stays.
    form = page.getByRole('region', { name: '修改开票信息' });
    await expect(form.getByLabel('纳税人识别号')).toHaveValue('');
    await form.getByLabel(/^地址/).fill('北京市海淀区');
    await form.getByRole('button', { name: '保存开票信息' }).click();
    await expect(page.getByText('开票信息保存成功')).toBeVisible();
    await expect(current).toContainText('北京市海淀区');
    const saved = await sandboxPost('/manage/employee/employeeInvoicingInformation/getInvoicingInformation', {}, token);
    expect(saved.entity).toMatchObject({
      type: 2,
      title: '北京数据法学研究会',
      taxpayerNo: '91110000802100433B',
      bank: '中国银行北京分行',
      address: '北京市海淀区',
    });
  });
});

test.describe('feedback (意见反馈)', () => {
  test('too short a text is refused with the values kept, then sent', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/personal/account/feedback');
    await expect(page).toHaveTitle(/意见反馈/);
    const section = page.getByRole('region', { name: '意见反馈' });
    await section.getByLabel('反馈类型').selectOption('页面问题');
    // Long enough for the browser's own check, too short once trimmed.
    await section.getByLabel('反馈内容').fill('  太短了  ');
    await section.getByLabel(/联系方式/).fill('reader@example.com');
    await section.getByRole('button', { name: '提交反馈' }).click();
    const content = section.getByLabel('反馈内容');
    await expect(section.getByText('反馈内容应为5-500个字符')).toBeVisible();
    await expect(content).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByLabel('反馈类型')).toHaveValue('页面问题');
    await expect(section.getByLabel(/联系方式/)).toHaveValue('reader@example.com');

    await content.fill('期刊详情页的目录在窄屏上显示不全，建议优化。');
    await section.getByRole('button', { name: '提交反馈' }).click();
    await expect(page.getByText('感谢您的反馈！')).toBeVisible();
    await expect(section.getByLabel('反馈内容')).toHaveValue('');
  });

  test('@js-only counts the characters as one types', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/personal/account/feedback');
    const section = page.getByRole('region', { name: '意见反馈' });
    await expect(section.getByText('0/500')).toBeVisible();
    await section.getByLabel('反馈内容').pressSequentially('检索结果排序');
    await expect(section.getByText('6/500')).toBeVisible();
  });
});
