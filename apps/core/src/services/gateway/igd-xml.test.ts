import { describe, expect, it } from 'vitest';
import { DescriptionError, findWanConnectionService } from './igd-description.ts';
import { addPortMappingArgs, parseSoapFault, soapRequest } from './soap.ts';
import { acceptableAnswer, mSearchMessage, parseSsdpResponse } from './ssdp.ts';
import { descendants, parseXml, XmlError } from './xml.ts';
import { parsePort } from './gateway-service.ts';

const device = (services: string, extra = '') => `<?xml version="1.0"?>
<!-- a router -->
<root xmlns="urn:schemas-upnp-org:device-1-0">${extra}
  <device><deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>
    <deviceList><device><deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType>
      <deviceList><device><serviceList>${services}</serviceList></device></deviceList>
    </device></deviceList>
  </device>
</root>`;
const service = (type: string, control: string) =>
  `<service><serviceType>${type}</serviceType><controlURL>${control}</controlURL></service>`;
const IP1 = 'urn:schemas-upnp-org:service:WANIPConnection:1';
const PPP1 = 'urn:schemas-upnp-org:service:WANPPPConnection:1';

describe('xml reader', () => {
  it('keeps nesting, strips prefixes, decodes entities and CDATA, skips comments', () => {
    const root = parseXml(
      `<?xml version="1.0"?><!DOCTYPE x><s:a x:k='v &amp; w' n="1"><!-- c --><b>1 &lt; 2 &#x41;&#66;</b><b><![CDATA[<raw>]]></b><c/></s:a>`,
    );
    expect(root.name).toBe('a');
    expect(root.attributes).toEqual({ k: 'v & w', n: '1' });
    expect(root.children.map((c) => c.name)).toEqual(['b', 'b', 'c']);
    expect(root.children[0]!.text).toBe('1 < 2 AB');
    expect(root.children[1]!.text).toBe('<raw>');
    expect(descendants(root, 'c')).toHaveLength(1);
  });

  it('refuses broken documents', () => {
    for (const bad of [
      '<a><b></a>',
      '<a>',
      '',
      'text',
      '<a></a><b></b>',
      '<a x="1></a>',
      '<!-- open',
    ]) {
      expect(() => parseXml(bad), bad).toThrow(XmlError);
    }
  });

  it('reads a tag whose attribute value holds a ">"', () => {
    expect(parseXml('<a t="x>y"><b/></a>').attributes.t).toBe('x>y');
  });
});

describe('device description', () => {
  it('finds WANIPConnection deep in the device tree and resolves its control URL against the description URL', () => {
    const xml = device(
      service('urn:schemas-upnp-org:service:WANCommonInterfaceConfig:1', '/ctl/cmn') +
        service(IP1, 'ctl/IPConn'),
    );
    expect(findWanConnectionService(xml, 'http://192.0.2.1:5000/desc/root.xml')).toEqual({
      serviceType: IP1,
      controlUrl: 'http://192.0.2.1:5000/desc/ctl/IPConn',
    });
  });

  it('prefers WANIPConnection over WANPPPConnection, and falls back to PPP', () => {
    const both = device(service(PPP1, '/ppp') + service(IP1, '/ip'));
    expect(findWanConnectionService(both, 'http://gw/').controlUrl).toBe('http://gw/ip');
    const ppp = device(service(PPP1, '/ppp'));
    expect(findWanConnectionService(ppp, 'http://gw/')).toEqual({
      serviceType: PPP1,
      controlUrl: 'http://gw/ppp',
    });
  });

  it('accepts version 2 of the service and keeps its type for the SOAP action', () => {
    const v2 = 'urn:schemas-upnp-org:service:WANIPConnection:2';
    expect(findWanConnectionService(device(service(v2, '/ip2')), 'http://gw/').serviceType).toBe(
      v2,
    );
  });

  it('uses URLBase when the description has one', () => {
    const xml = device(
      service(IP1, 'control/ip'),
      '<URLBase>http://192.0.2.1:49000/upnp/</URLBase>',
    );
    expect(findWanConnectionService(xml, 'http://192.0.2.1:5000/root.xml').controlUrl).toBe(
      'http://192.0.2.1:49000/upnp/control/ip',
    );
  });

  it('explains what is missing', () => {
    expect(() =>
      findWanConnectionService(
        device(service('urn:schemas-upnp-org:service:Layer3Forwarding:1', '/l3')),
        'http://gw/',
      ),
    ).toThrow('The gateway offers no WANIPConnection or WANPPPConnection service');
    expect(() =>
      findWanConnectionService('<html><body>router login</body></html>', 'http://gw/'),
    ).toThrow(DescriptionError);
    expect(() => findWanConnectionService('<root><device>', 'http://gw/')).toThrow(/not valid XML/);
  });
});

describe('SOAP', () => {
  it('builds an AddPortMapping request with the action header and escaped arguments', () => {
    const req = soapRequest(
      IP1,
      'AddPortMapping',
      addPortMappingArgs({
        externalPort: 25565,
        protocol: 'TCP',
        internalPort: 25565,
        internalClient: '192.168.1.20',
        description: 'a<b & "c"',
        leaseDuration: 0,
      }),
    );
    expect(req.headers.soapaction).toBe(`"${IP1}#AddPortMapping"`);
    expect(req.headers['content-type']).toMatch(/^text\/xml/);
    const action = descendants(parseXml(req.body), 'AddPortMapping')[0]!;
    expect(action.attributes.u).toBe(IP1);
    expect(Object.fromEntries(action.children.map((c) => [c.name, c.text]))).toEqual({
      NewRemoteHost: '',
      NewExternalPort: '25565',
      NewProtocol: 'TCP',
      NewInternalPort: '25565',
      NewInternalClient: '192.168.1.20',
      NewEnabled: '1',
      NewPortMappingDescription: 'a<b & "c"',
      NewLeaseDuration: '0',
    });
    expect(req.body).toContain('a&lt;b &amp; &quot;c&quot;');
  });

  it('reads the UPnPError of a fault', () => {
    const xml = `<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault>
      <faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring>
      <detail><UPnPError xmlns="urn:schemas-upnp-org:control-1-0"><errorCode> 718 </errorCode><errorDescription>ConflictInMappingEntry</errorDescription></UPnPError></detail>
    </s:Fault></s:Body></s:Envelope>`;
    expect(parseSoapFault(xml)).toEqual({ code: 718, description: 'ConflictInMappingEntry' });
  });

  it('falls back to faultstring, and answers null for a non-fault or unreadable body', () => {
    expect(
      parseSoapFault(
        '<Envelope><Body><Fault><faultstring>Server busy</faultstring></Fault></Body></Envelope>',
      ),
    ).toEqual({
      code: null,
      description: 'Server busy',
    });
    expect(
      parseSoapFault(
        '<Envelope><Body><Fault><detail><UPnPError><errorCode>606</errorCode></UPnPError></detail></Fault></Body></Envelope>',
      ),
    ).toEqual({
      code: 606,
      description: null,
    });
    expect(
      parseSoapFault('<Envelope><Body><AddPortMappingResponse/></Body></Envelope>'),
    ).toBeNull();
    expect(parseSoapFault('Internal Server Error')).toBeNull();
  });
});

describe('SSDP', () => {
  it('writes an M-SEARCH the UPnP way', () => {
    expect(
      mSearchMessage(
        'urn:schemas-upnp-org:device:InternetGatewayDevice:1',
        '239.255.255.250',
        1900,
        2,
      ),
    ).toBe(
      'M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: "ssdp:discover"\r\nMX: 2\r\nST: urn:schemas-upnp-org:device:InternetGatewayDevice:1\r\n\r\n',
    );
  });

  it('reads answers with any header case and keeps only usable gateway answers', () => {
    const answer = (headers: string, status = '200 OK') =>
      parseSsdpResponse(`HTTP/1.1 ${status}\r\n${headers}\r\n\r\n`);
    const ok = answer(
      'Cache-Control: max-age=120\r\nst: urn:schemas-upnp-org:service:WANIPConnection:1\r\nLocation:  http://192.0.2.1:5000/rootDesc.xml \r\nEXT:',
    );
    expect(ok?.headers.location).toBe('http://192.0.2.1:5000/rootDesc.xml');
    expect(acceptableAnswer(ok)).toBe('http://192.0.2.1:5000/rootDesc.xml');
    expect(
      acceptableAnswer(
        answer(
          'ST: urn:schemas-upnp-org:device:MediaRenderer:1\r\nLOCATION: http://192.0.2.9/d.xml',
        ),
      ),
    ).toBeNull();
    expect(
      acceptableAnswer(answer('ST: urn:schemas-upnp-org:device:InternetGatewayDevice:1')),
    ).toBeNull();
    expect(acceptableAnswer(answer('LOCATION: ftp://192.0.2.1/d.xml'))).toBeNull();
    expect(
      acceptableAnswer(answer('LOCATION: http://192.0.2.1/d.xml', '404 Not Found')),
    ).toBeNull();
    expect(parseSsdpResponse('NOTIFY * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\n\r\n')).toBeNull();
  });
});

describe('port parameter', () => {
  it('accepts 1 to 65535 and nothing else', () => {
    expect(parsePort('1')).toBe(1);
    expect(parsePort('65535')).toBe(65535);
    expect(parsePort('25565')).toBe(25565);
    expect(() => parsePort('0')).toThrow('Port must be between 1 and 65535');
    expect(() => parsePort('65536')).toThrow('Port must be between 1 and 65535');
    for (const bad of ['-1', '1.5', 'abc', '', ' 80', '0x50', '1e3'])
      expect(() => parsePort(bad), bad).toThrow('Port must be a number');
  });
});
