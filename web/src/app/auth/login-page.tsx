import { FIRST_SCREEN_ADDRESS, OTP_LENGTH, PASSWORD_MIN, RECOVERY_CODE_PATTERN, type authApi, type SecondFactor, type SignInData } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { Button, Flex, Form, Input, Typography, type InputRef } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { callAt } from '../../lib/call.ts';
import { accessFor, afterSignIn, PATHS } from '../access.ts';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { DEFAULT_META, metaQuery, profileQuery } from '../../lib/session.ts';
import { REDIRECT_DELAY_MS } from '../session.ts';
import { AuthLayout } from './auth-layout.tsx';

const loadCodeSentModal = () => import('./code-sent-modal.tsx');
const CodeSentModal = lazy(async () => ({ default: (await loadCodeSentModal()).CodeSentModal }));

const loginRoute = getRouteApi('/login');

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
const onlyDigits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '').slice(0, OTP_LENGTH) : '');
/** With an authenticator app the field also takes a recovery code (`xxxx-xxxx-xxxx`). */
const codeChars = (value: unknown) => (typeof value === 'string' ? value.replace(/[^A-Za-z0-9-]/g, '').slice(0, 14) : '');
const isCode = (code: string, factor: SecondFactor) => OTP_PATTERN.test(code) || (factor === 'totp' && RECOVERY_CODE_PATTERN.test(code));

interface Credentials {
  username: string;
  password: string;
}

/** mm:ss */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

const delay = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** Seconds left until `deadline` (ms since epoch), re-rendering every second while it runs. */
function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Sign-in (sections 4 and 5). Credentials → POST auth/sign-in. A token means signed in: 'Login Success', then the
 * redirect target after 1000 ms. An empty token (Super Admin) means a code was e-mailed: the modal, then the code
 * step with its countdown, resend (once per 60 s) and back link → POST auth/sign-in-verification.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const search = loginRoute.useSearch();
  const [credentialsForm] = Form.useForm<Credentials>();
  const [codeForm] = Form.useForm<{ otp: string }>();

  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  // How the code step is passed: the authenticator app (or a recovery code), or a code sent by e-mail.
  const [factor, setFactor] = useState<SecondFactor>('email');
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [codeDeadline, setCodeDeadline] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const username = Form.useWatch('username', credentialsForm) ?? '';
  const password = Form.useWatch('password', credentialsForm) ?? '';
  const [otp, setOtp] = useState('');
  // The latest typed code, current even before the re-render that updates `otp` (Enter can arrive first).
  const otpRef = useRef('');
  const [otpTouched, setOtpTouched] = useState(false);
  const otpError = !otpTouched
    ? undefined
    : !otp
      ? t('validation.otpRequired')
      : isCode(otp, factor)
        ? undefined
        : factor === 'totp'
          ? t('validation.codeInvalid')
          : t('validation.otpLength');
  const codeSecondsLeft = useSecondsLeft(codeDeadline);
  const resendSecondsLeft = useSecondsLeft(resendAt);

  const canSignIn = username.trim().length > 0 && password.length > PASSWORD_MIN - 1;
  const canVerify = isCode(otp, factor) && (credentials?.password.length ?? 0) >= PASSWORD_MIN;

  const backToCredentials = useCallback(() => {
    setStep('credentials');
    setCodeDeadline(null);
    setResendAt(null);
    codeForm.resetFields();
    otpRef.current = '';
    setOtp('');
    setOtpTouched(false);
  }, [codeForm]);

  // Returning to the credentials step keeps what was typed.
  useEffect(() => {
    if (step === 'credentials' && credentials) credentialsForm.setFieldsValue(credentials);
  }, [step, credentials, credentialsForm]);

  // The code step lasts until its countdown ends; then the form returns to credentials and resend is enabled.
  useEffect(() => {
    if (step === 'code' && codeDeadline !== null && codeSecondsLeft === 0) backToCredentials();
  }, [step, codeDeadline, codeSecondsLeft, backToCredentials]);

  const startCodeStep = (data: SignInData) => {
    const ttl = data.otp_expires_in ?? queryClient.getQueryData(metaQuery.queryKey)?.otp_ttl_seconds ?? DEFAULT_META.otp_ttl_seconds;
    setCodeDeadline(Date.now() + ttl * 1000);
    // Another code may be asked for after the server's cooldown (60 s; it answers 429 sooner).
    const cooldown = queryClient.getQueryData(metaQuery.queryKey)?.otp_resend_seconds ?? DEFAULT_META.otp_resend_seconds;
    setResendAt(Date.now() + cooldown * 1000);
  };

  /** Signed in: toast, refresh the profile, and after 1000 ms go to the redirect target (if permitted) or /admin. */
  const completeSignIn = async () => {
    setRedirecting(true);
    notifySuccess(t('login.success'));
    const [profile, meta] = await Promise.all([
      queryClient.fetchQuery({ ...profileQuery, staleTime: 0 }).catch(() => null),
      queryClient.ensureQueryData(metaQuery).catch(() => DEFAULT_META),
      delay(REDIRECT_DELAY_MS),
    ]);
    const target = profile ? afterSignIn(accessFor(profile, meta.app_env), search.redirect) : PATHS.admin;
    await router.navigate({ href: target, replace: true });
  };

  const signIn = useMutation({
    mutationFn: (body: Credentials) => callAt<typeof authApi.signIn>(FIRST_SCREEN_ADDRESS.signIn, { body }),
    // The code-sent dialog's chunk travels while the password is checked.
    onMutate: () => void loadCodeSentModal().catch(() => undefined),
    onSuccess: async ({ data }, body) => {
      setCredentials(body);
      if (data.token) {
        await completeSignIn();
        return;
      }
      setStep('code');
      if (data.second_factor === 'totp') {
        // The app's code: nothing was sent, so no notice and no countdown.
        setFactor('totp');
        setCodeDeadline(null);
        setResendAt(null);
        return;
      }
      setFactor('email');
      startCodeStep(data);
      setModalOpen(true);
    },
  });

  /** "Send me a code by e-mail instead": the same sign-in asking for the e-mailed code. */
  const useEmail = useMutation({
    mutationFn: (body: Credentials) => callAt<typeof authApi.signIn>(FIRST_SCREEN_ADDRESS.signIn, { body: { ...body, second_factor: 'email' } }),
    onSuccess: ({ data }) => {
      setFactor('email');
      startCodeStep(data);
      codeForm.resetFields();
      otpRef.current = '';
      setOtp('');
      setOtpTouched(false);
      setModalOpen(true);
    },
  });

  const resend = useMutation({
    mutationFn: (body: Credentials) => callAt<typeof authApi.signIn>(FIRST_SCREEN_ADDRESS.signIn, { body }),
    onSuccess: ({ data }) => {
      startCodeStep(data);
      codeForm.resetFields();
      otpRef.current = '';
      setOtp('');
      setOtpTouched(false);
      notifySuccess(t('otp.sent'));
    },
  });

  const verify = useMutation({
    mutationFn: (body: Credentials & { otp: string }) => callAt<typeof authApi.signInVerification>(FIRST_SCREEN_ADDRESS.signInVerification, { body }),
    meta: { silentError: true },
    onSuccess: async () => {
      await completeSignIn();
    },
    onError: (err) => {
      // Section 8: a non-OK verification shows the server's message, else 'Something went wrong!'.
      const hasServerText = err instanceof ApiError && (typeof err.body === 'string' ? !!err.body.trim() : !!(err.body?.message || err.body?.error));
      notifyError(hasServerText ? err : t('error.verify'));
    },
  });

  /** Enter and Verify both decide on the field's value now, not on the last render's (a fast Enter can beat it). */
  const submitCode = () => {
    const code = otpRef.current;
    if (!credentials || !isCode(code, factor) || credentials.password.length < PASSWORD_MIN || verify.isPending || redirecting) return;
    verify.mutate({ ...credentials, otp: code });
  };


  const otpInputRef = useRef<InputRef>(null);

  return (
    <AuthLayout
      title={step === 'credentials' ? t('login.title') : t('otp.title')}
      subtitle={step === 'code' && credentials ? t(factor === 'totp' ? 'otp.appSubtitle' : 'otp.subtitle', { username: credentials.username }) : undefined}
    >
      {step === 'credentials' ? (
        <Form<Credentials>
          form={credentialsForm}
          name="login"
          layout="vertical"
          requiredMark={false}
          initialValues={credentials ?? { username: '', password: '' }}
          onFinish={(values) => {
            if (canSignIn && !redirecting) signIn.mutate({ username: values.username.trim(), password: values.password });
          }}
        >
          <Form.Item
            label={t('login.username')}
            name="username"
            rules={[{ required: true, whitespace: true, message: t('validation.usernameRequired') }]}
          >
            <Input
              autoComplete="username"
              autoFocus
              placeholder={t('login.usernamePlaceholder')}
              aria-label={t('login.username')}
              data-testid="login-username"
              size="large"
            />
          </Form.Item>
          <Form.Item
            label={t('login.password')}
            name="password"
            rules={[
              { required: true, message: t('validation.passwordRequired') },
              { min: PASSWORD_MIN, message: t('validation.passwordMin') },
            ]}
            style={{ marginBottom: 8 }}
          >
            <Input.Password
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              aria-label={t('login.password')}
              data-testid="login-password"
              size="large"
            />
          </Form.Item>
          <Flex justify="flex-end" style={{ marginBottom: 20 }}>
            <Link to="/forgot-password" data-testid="login-forgot">
              {t('login.forgot')}
            </Link>
          </Flex>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            disabled={!canSignIn}
            loading={signIn.isPending || redirecting}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </Form>
      ) : (
        <Form<{ otp: string }> form={codeForm} name="verification" layout="vertical" requiredMark={false} onFinish={submitCode}>
          {/* A controlled field with its own message: the code lives in component state, the one source Enter,
              Verify and the message all read. Only digits are accepted; anything else is stripped as it arrives. */}
          <Form.Item
            label={t('otp.label')}
            htmlFor="otp"
            validateStatus={otpError ? 'error' : undefined}
            help={otpError}
            extra={factor === 'totp' ? <span data-testid="otp-recovery-hint">{t('otp.recoveryHint')}</span> : undefined}
          >
            <Input
              id="otp"
              ref={otpInputRef}
              value={otp}
              onChange={(e) => {
                otpRef.current = factor === 'totp' ? codeChars(e.target.value) : onlyDigits(e.target.value);
                setOtp(otpRef.current);
              }}
              onBlur={() => setOtpTouched(true)}
              autoFocus
              inputMode={factor === 'totp' ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              placeholder={factor === 'totp' ? t('otp.appPlaceholder') : t('otp.placeholder')}
              aria-label={t('otp.label')}
              data-testid="otp-input"
              size="large"
              style={{ letterSpacing: factor === 'totp' ? 1 : 6, fontVariantNumeric: 'tabular-nums' }}
              onPressEnter={(e) => {
                e.preventDefault();
                submitCode();
              }}
            />
          </Form.Item>
          <Flex justify="space-between" align="center" style={{ marginBottom: 20 }}>
            {factor === 'email' ? (
              <Typography.Text type="secondary">
                {t('otp.expiresIn')}{' '}
                <Typography.Text strong data-testid="otp-countdown" aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCountdown(codeSecondsLeft)}
                </Typography.Text>
              </Typography.Text>
            ) : (
              <span />
            )}
            <Button type="link" onClick={backToCredentials} data-testid="otp-back" style={{ paddingInline: 0 }}>
              {t('otp.back')}
            </Button>
          </Flex>
          <Flex vertical gap={12}>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              disabled={!canVerify}
              loading={verify.isPending || redirecting}
              data-testid="otp-submit"
            >
              {t('otp.verify')}
            </Button>
            {factor === 'totp' ? (
              <Button
                size="large"
                block
                disabled={!credentials || redirecting}
                loading={useEmail.isPending}
                onClick={() => credentials && useEmail.mutate(credentials)}
                data-testid="otp-use-email"
              >
                {t('otp.useEmail')}
              </Button>
            ) : (
              <Button
                size="large"
                block
                disabled={resendSecondsLeft > 0 || !credentials || redirecting}
                loading={resend.isPending}
                onClick={() => credentials && resend.mutate(credentials)}
                data-testid="otp-resend"
              >
                {resendSecondsLeft > 0 ? t('otp.resendIn', { seconds: resendSecondsLeft }) : t('otp.resend')}
              </Button>
            )}
          </Flex>
        </Form>
      )}
      {modalOpen && (
        <Suspense fallback={null}>
          <CodeSentModal open={modalOpen} onClose={() => setModalOpen(false)} focusAfter={otpInputRef} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
