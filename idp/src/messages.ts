/** Every Korean string the identity provider shows (STYLE: one messages file per package). */
export const messages = {
  loginTitle: '관리자 로그인',
  usernameLabel: '아이디',
  passwordLabel: '비밀번호',
  loginButton: '로그인',
  invalidCredentials: '아이디 또는 비밀번호가 올바르지 않습니다.',
  missingCredentials: '아이디와 비밀번호를 입력해주세요.',
  tooManyAttempts: (seconds: number) =>
    seconds < 60
      ? `로그인 시도가 너무 많습니다. ${seconds}초 후 다시 시도해주세요.`
      : `로그인 시도가 너무 많습니다. ${Math.ceil(seconds / 60)}분 후 다시 시도해주세요.`,
  interactionExpired: '로그인 요청이 만료되었습니다. 처음 화면으로 돌아가 다시 시도해주세요.',
  formTooLarge: '입력한 내용이 너무 깁니다.',
  logoutTitle: '로그아웃',
  logoutProgress: '로그아웃하는 중입니다…',
  logoutButton: '로그아웃',
  logoutDone: '로그아웃되었습니다.',
  errorTitle: '오류가 발생했습니다',
  errorBody: '요청을 처리하지 못했습니다. 처음 화면으로 돌아가 다시 시도해주세요.',
  generatedPasswordBox: (username: string, password: string) => [
    '관리자 비밀번호가 생성되었습니다 (이번 한 번만 표시됩니다)',
    `아이디:   ${username}`,
    `비밀번호: ${password}`,
    '안전한 곳에 보관하세요. 데이터 디렉터리에는 해시만 저장됩니다.',
    '바꾸려면 ADMIN_PASSWORD 환경 변수를 설정하세요.',
  ],
} as const;
