// The /setup/certificate page: trusting the shop's own certificate authority on each
// device, so the back office can open over https (docs/decisions.md, Reopening offline).
// **Words** are a menu or button a person looks for; the page shows them in bold.

export const CERTIFICATE_TEXT = {
  title: 'Set up https on this device',
  why: 'Over https a tablet or counter computer can reopen the back office even while the shop’s computer is off or restarting. Browsers allow that only for a site they trust, so each device trusts this shop’s own certificate once.',
  off: 'https is off on this shop’s computer.',
  offWhy:
    'The back office works over plain http as it is: an open tab keeps selling through an outage. Only reopening it while the shop’s computer is down needs https.',
  turnOn:
    'To turn it on, start the back office with HTTPS=1 (and HOST=0.0.0.0 so the tablets reach it), for example:',
  turnOnCommand: 'HTTPS=1 HOST=0.0.0.0 npm start',
  turnOnThen: 'Then open this page again on each device.',
  downloadHeading: '1. Download the shop’s certificate',
  download: 'Download the certificate',
  downloadNote: (name: string, until: string) =>
    `This is “${name}”, made by the shop’s computer and valid until ${until}. It lets a device check that it is talking to the shop’s computer; it cannot be used to read anything.`,
  fingerprints: 'To check it on the device: SHA-256 fingerprint',
  fingerprintSha1: 'SHA-1 (Windows shows this as the Thumbprint)',
  pem: 'The same certificate as PEM text (for other systems)',
  trustHeading: '2. Trust it on the device',
  android: 'Android tablet',
  androidSteps: [
    'In Chrome, tap **Download the certificate** above. It is saved in **Downloads**.',
    'Open **Settings** → **Security & privacy** → **More security & privacy** → **Encryption & credentials** → **Install a certificate** → **CA certificate**. On a Samsung: **Security and privacy** → **More security settings** → **Install from device storage** → **CA certificate**. (Elsewhere, search Settings for “CA certificate”.)',
    'Tap **Install anyway**, unlock with the tablet’s PIN if asked (Android needs a screen lock for this), and choose the downloaded file.',
    'To check: **Trusted credentials** → **User** (beside **Install a certificate**) lists the shop’s certificate.',
  ],
  ipad: 'iPad',
  ipadSteps: [
    'Open this page in **Safari** (other browsers on the iPad cannot install it) and tap **Download the certificate**. Tap **Allow**, then **Close**.',
    'Open **Settings** → **General** → **VPN & Device Management** (on older iPads, **Profiles**), tap the shop’s certificate under **Downloaded Profile**, tap **Install**, enter the iPad’s passcode, then **Install** again and **Done**.',
    'Open **Settings** → **General** → **About** → **Certificate Trust Settings** and switch on the shop’s certificate under **Enable full trust for root certificates**. Tap **Continue**.',
  ],
  windows: 'Windows computer',
  windowsSteps: [
    'In Edge or Chrome, click **Download the certificate** and open the file from **Downloads**.',
    'Click **Install Certificate…**, choose **Current User**, and click **Next**.',
    'Choose **Place all certificates in the following store**, click **Browse…**, pick **Trusted Root Certification Authorities**, then **OK**, **Next**, **Finish**, and **Yes** to the security warning.',
    'Close every browser window and open the browser again.',
  ],
  windowsOr:
    'Or, for every account on the computer: run **certmgr.msc** (Local Machine: **certlm.msc**), right-click **Trusted Root Certification Authorities** → **Certificates**, choose **All Tasks** → **Import…** and pick the downloaded file.',
  openHeading: '3. Open the back office over https',
  openHere: 'On this device, open:',
  otherAddresses: 'The certificate also covers:',
  notCovered: (host: string) =>
    `The address you used (${host}) is not in the certificate, so browsers will refuse it over https: add it to HTTPS_NAMES and restart the back office, or use one of the addresses above.`,
  signInAgain:
    'Sign in again there and add that address to the home screen. The https address is a new place for the browser: before moving a tablet to it, let it send any sales still waiting to be sent at the old address. Plain http keeps working meanwhile.',
  noAuthority: 'https is off on this shop’s computer: there is no certificate to download.',
} as const;
