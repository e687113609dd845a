import { childText, descendants, escapeXml, parseXml } from './xml.ts';

export type MappingProtocol = 'TCP' | 'UDP';

export interface PortMapping {
  externalPort: number;
  protocol: MappingProtocol;
  internalPort: number;
  internalClient: string;
  description: string;
  /** Seconds; 0 means permanent. */
  leaseDuration: number;
}

/** A SOAP request for one UPnP action: the body and the headers it must be sent with. */
export interface SoapRequest {
  headers: Record<string, string>;
  body: string;
}

export function soapRequest(
  serviceType: string,
  action: string,
  args: readonly (readonly [string, string | number])[],
): SoapRequest {
  const argXml = args
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
  const body =
    '<?xml version="1.0" encoding="utf-8"?>\r\n' +
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">' +
    `<s:Body><u:${action} xmlns:u="${escapeXml(serviceType)}">${argXml}</u:${action}></s:Body></s:Envelope>\r\n`;
  return {
    headers: {
      'content-type': 'text/xml; charset="utf-8"',
      soapaction: `"${serviceType}#${action}"`,
    },
    body,
  };
}

/** The arguments of `AddPortMapping`, in the order the UPnP WANIPConnection spec lists them. */
export function addPortMappingArgs(m: PortMapping): [string, string | number][] {
  return [
    ['NewRemoteHost', ''],
    ['NewExternalPort', m.externalPort],
    ['NewProtocol', m.protocol],
    ['NewInternalPort', m.internalPort],
    ['NewInternalClient', m.internalClient],
    ['NewEnabled', 1],
    ['NewPortMappingDescription', m.description],
    ['NewLeaseDuration', m.leaseDuration],
  ];
}

export interface UpnpFault {
  /** UPnPError errorCode (e.g. 718), or null when the fault carries none. */
  code: number | null;
  /** UPnPError errorDescription, else the SOAP faultstring, else null. */
  description: string | null;
}

/** Reads a SOAP fault (with its UPnPError detail when present); null when the body is no fault. */
export function parseSoapFault(xml: string): UpnpFault | null {
  let root;
  try {
    root = parseXml(xml);
  } catch {
    return null;
  }
  const fault = descendants(root, 'Fault')[0];
  if (!fault) return null;
  const upnpError = descendants(fault, 'UPnPError')[0];
  const codeText = upnpError ? childText(upnpError, 'errorCode') : undefined;
  const code = codeText !== undefined && /^\d+$/.test(codeText) ? Number(codeText) : null;
  const description =
    (upnpError && childText(upnpError, 'errorDescription')) ||
    childText(fault, 'faultstring') ||
    null;
  return { code, description };
}
