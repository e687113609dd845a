import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake UPnP Internet Gateway Device on 127.0.0.1 for tests: an SSDP responder (unicast UDP),
 * an HTTP server with the device description, and a WAN*Connection control URL that speaks
 * AddPortMapping / GetSpecificPortMappingEntry / DeletePortMapping and records the mappings.
 * It reads requests with its own small regexes, independent of the core's client.
 */

export type FakeWanService = 'WANIPConnection' | 'WANPPPConnection';

export interface FakeIgdOptions {
  /** Which connection service the description offers (default WANIPConnection). */
  service?: FakeWanService;
  /** Give the description a URLBase (`/upnp/`) that the relative control URL must be resolved against (default false). */
  withUrlBase?: boolean;
}

export interface FakeMapping {
  remoteHost: string;
  externalPort: number;
  protocol: string;
  internalPort: number;
  internalClient: string;
  enabled: string;
  description: string;
  leaseDuration: number;
}

export interface FakeIgd {
  /** UDP port answering M-SEARCH on 127.0.0.1. */
  ssdpPort: number;
  descriptionUrl: string;
  controlUrl: string;
  serviceType: string;
  /** Recorded mappings, keyed `"<protocol> <externalPort>"`. */
  mappings: Map<string, FakeMapping>;
  mapping(externalPort: number, protocol?: string): FakeMapping | undefined;
  /** The ST header of every M-SEARCH received, in order. */
  searches: string[];
  /** Every SOAP action name received, in order. */
  actions: string[];
  /** Makes AddPortMapping for this external port answer a UPnP fault. */
  refuse(externalPort: number, code?: number, description?: string): void;
  close(): Promise<void>;
}

const IGD_DEVICE = 'urn:schemas-upnp-org:device:InternetGatewayDevice:1';
const UUID = 'uuid:4d696e69-444c-164e-9d41-fake1gd00001';

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function encode(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function argument(body: string, name: string): string | undefined {
  const m = new RegExp(
    `<(?:\\w+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${name}>|<(?:\\w+:)?${name}\\s*/>`,
  ).exec(body);
  if (!m) return undefined;
  return decode(m[1] ?? '');
}

function description(serviceType: string, withUrlBase: boolean, origin: string): string {
  const controlPath = withUrlBase ? 'control/wan' : 'ctl/wan';
  return `<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0">
  <specVersion><major>1</major><minor>0</minor></specVersion>
  ${withUrlBase ? `<URLBase>${origin}/upnp/</URLBase>` : ''}
  <device>
    <deviceType>${IGD_DEVICE}</deviceType>
    <friendlyName>Fake Gateway &amp; Router</friendlyName>
    <UDN>${UUID}</UDN>
    <serviceList>
      <service>
        <serviceType>urn:schemas-upnp-org:service:Layer3Forwarding:1</serviceType>
        <serviceId>urn:upnp-org:serviceId:L3Forwarding1</serviceId>
        <controlURL>/ctl/L3F</controlURL>
      </service>
    </serviceList>
    <deviceList>
      <device>
        <deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType>
        <serviceList>
          <service>
            <serviceType>urn:schemas-upnp-org:service:WANCommonInterfaceConfig:1</serviceType>
            <controlURL>/ctl/CmnIfCfg</controlURL>
          </service>
        </serviceList>
        <deviceList>
          <device>
            <deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
            <serviceList>
              <service>
                <serviceType>${serviceType}</serviceType>
                <serviceId>urn:upnp-org:serviceId:WANConn1</serviceId>
                <controlURL>${controlPath}</controlURL>
                <eventSubURL>/evt/wan</eventSubURL>
                <SCPDURL>/wan.xml</SCPDURL>
              </service>
            </serviceList>
          </device>
        </deviceList>
      </device>
    </deviceList>
  </device>
</root>
`;
}

function envelope(inner: string): string {
  return (
    '<?xml version="1.0"?>\r\n<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" ' +
    `s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>${inner}</s:Body></s:Envelope>\r\n`
  );
}

function fault(code: number, text: string): string {
  return envelope(
    '<s:Fault><faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>' +
      `<UPnPError xmlns="urn:schemas-upnp-org:control-1-0"><errorCode>${code}</errorCode>` +
      `<errorDescription>${encode(text)}</errorDescription></UPnPError></detail></s:Fault>`,
  );
}

export async function startFakeIgd(options: FakeIgdOptions = {}): Promise<FakeIgd> {
  const service = options.service ?? 'WANIPConnection';
  const serviceType = `urn:schemas-upnp-org:service:${service}:1`;
  const withUrlBase = options.withUrlBase ?? false;
  const mappings = new Map<string, FakeMapping>();
  const refusals = new Map<number, { code: number; description: string }>();
  const searches: string[] = [];
  const actions: string[] = [];
  const key = (port: number, protocol: string) => `${protocol} ${port}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, xml: string) => {
        res.writeHead(status, { 'content-type': 'text/xml; charset="utf-8"' });
        res.end(xml);
      };
      if (req.method === 'GET' && req.url === '/rootDesc.xml')
        return send(200, description(serviceType, withUrlBase, origin));
      if (req.method !== 'POST' || req.url !== controlPath)
        return send(404, '<error>not found</error>');
      const soapAction = /^"?([^#"]+)#(\w+)"?$/.exec(String(req.headers.soapaction ?? '').trim());
      if (!soapAction || soapAction[1] !== serviceType)
        return send(500, fault(401, 'Invalid Action'));
      const action = soapAction[2]!;
      actions.push(action);
      const externalPort = Number(argument(body, 'NewExternalPort'));
      const protocol = argument(body, 'NewProtocol') ?? '';
      const validTarget =
        Number.isInteger(externalPort) &&
        externalPort > 0 &&
        externalPort < 65536 &&
        (protocol === 'TCP' || protocol === 'UDP');
      const respond = (inner: string) =>
        send(
          200,
          envelope(`<u:${action}Response xmlns:u="${serviceType}">${inner}</u:${action}Response>`),
        );

      switch (action) {
        case 'AddPortMapping': {
          const mapping: FakeMapping = {
            remoteHost: argument(body, 'NewRemoteHost') ?? '',
            externalPort,
            protocol,
            internalPort: Number(argument(body, 'NewInternalPort')),
            internalClient: argument(body, 'NewInternalClient') ?? '',
            enabled: argument(body, 'NewEnabled') ?? '',
            description: argument(body, 'NewPortMappingDescription') ?? '',
            leaseDuration: Number(argument(body, 'NewLeaseDuration')),
          };
          if (
            !validTarget ||
            !Number.isInteger(mapping.internalPort) ||
            mapping.internalClient === '' ||
            !Number.isInteger(mapping.leaseDuration)
          ) {
            return send(500, fault(402, 'Invalid Args'));
          }
          const refusal = refusals.get(externalPort);
          if (refusal) return send(500, fault(refusal.code, refusal.description));
          const existing = mappings.get(key(externalPort, protocol));
          if (existing && existing.internalClient !== mapping.internalClient)
            return send(500, fault(718, 'ConflictInMappingEntry'));
          mappings.set(key(externalPort, protocol), mapping);
          return respond('');
        }
        case 'GetSpecificPortMappingEntry': {
          if (!validTarget) return send(500, fault(402, 'Invalid Args'));
          const m = mappings.get(key(externalPort, protocol));
          if (!m) return send(500, fault(714, 'NoSuchEntryInArray'));
          return respond(
            `<NewInternalPort>${m.internalPort}</NewInternalPort><NewInternalClient>${encode(m.internalClient)}</NewInternalClient>` +
              `<NewEnabled>${encode(m.enabled)}</NewEnabled><NewPortMappingDescription>${encode(m.description)}</NewPortMappingDescription>` +
              `<NewLeaseDuration>${m.leaseDuration}</NewLeaseDuration>`,
          );
        }
        case 'DeletePortMapping': {
          if (!validTarget) return send(500, fault(402, 'Invalid Args'));
          if (!mappings.delete(key(externalPort, protocol)))
            return send(500, fault(714, 'NoSuchEntryInArray'));
          return respond('');
        }
        default:
          return send(500, fault(401, 'Invalid Action'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const controlPath = withUrlBase ? '/upnp/control/wan' : '/ctl/wan';
  const descriptionUrl = `${origin}/rootDesc.xml`;

  const udp = dgram.createSocket('udp4');
  udp.on('message', (data, rinfo) => {
    const text = data.toString('utf8');
    if (!text.startsWith('M-SEARCH * HTTP/1.1')) return;
    const st = /^ST:\s*(.+?)\s*$/im.exec(text)?.[1] ?? '';
    searches.push(st);
    const answers =
      st === 'ssdp:all' || st === 'upnp:rootdevice' || st === IGD_DEVICE || st === serviceType;
    if (!answers || !/^MAN:\s*"ssdp:discover"\s*$/im.test(text)) return;
    const reply = [
      'HTTP/1.1 200 OK',
      'CACHE-CONTROL: max-age=120',
      `ST: ${st}`,
      `USN: ${UUID}::${st}`,
      'EXT:',
      'SERVER: Linux/6.1 UPnP/1.0 FakeIGD/1.0',
      `LOCATION: ${descriptionUrl}`,
      '',
      '',
    ].join('\r\n');
    udp.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));

  return {
    ssdpPort: udp.address().port,
    descriptionUrl,
    controlUrl: `${origin}${controlPath}`,
    serviceType,
    mappings,
    mapping: (port, protocol = 'TCP') => mappings.get(key(port, protocol)),
    searches,
    actions,
    refuse(port, code = 718, text = 'ConflictInMappingEntry') {
      refusals.set(port, { code, description: text });
    },
    async close() {
      udp.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
