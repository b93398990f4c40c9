// The kafkajs side of bench/tls-captures: one TLS client workload against a broker's SSL listener.
// usage: node --tls-keylog=KEYS kafkajs-workload.js HOST:PORT TOPIC CA_PEM TLS_VERSION CIPHER BIG_BYTES [untrusted]
// TLS_VERSION is TLSv1.2 or TLSv1.3; CIPHER an OpenSSL/IANA suite name that restricts the negotiation.
// Workload: create TOPIC, produce 5 records (100-byte values) and one of BIG_BYTES (over 16 KiB it spans TLS records;
// 0: none), consume them all from
// the beginning in group TOPIC-group, disconnect. With "untrusted" the broker's certificate is not trusted, so the
// handshake fails with an alert and no Kafka request is sent.
const fs = require('fs');
const { Kafka, logLevel } = require('kafkajs');
const [broker, topic, caFile, version, cipher, big, untrusted] = process.argv.slice(2);
const total = Number(big) > 0 ? 6 : 5;
const ssl = { minVersion: version, maxVersion: version, ciphers: cipher, servername: 'localhost' };
if (!untrusted) ssl.ca = [fs.readFileSync(caFile, 'utf8')];
const kafka = new Kafka({ clientId: 'kwire-lab-js', brokers: [broker], ssl, logLevel: logLevel.NOTHING,
  retry: { retries: untrusted ? 0 : 5 } });

async function main() {
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }] });
  await admin.disconnect();
  const producer = kafka.producer();
  await producer.connect();
  const messages = [];
  for (let i = 0; i < 5; i++) messages.push({ key: 'k' + i, value: 'v'.repeat(100) });
  await producer.send({ topic, acks: -1, messages });
  if (total === 6) await producer.send({ topic, acks: -1, messages: [{ key: 'big', value: 'b'.repeat(Number(big)) }] });
  await producer.disconnect();
  const consumer = kafka.consumer({ groupId: topic + '-group' });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  let seen = 0;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out after ' + seen + ' records')), 30000);
    consumer.run({ eachMessage: async () => { if (++seen === total) { clearTimeout(timer); resolve(); } } });
  });
  await consumer.disconnect();
  console.log(JSON.stringify({ produced: total, consumed: seen }));
}

main().then(() => process.exit(0), e => {
  console.log(JSON.stringify({ error: String(e.message || e) }));
  process.exit(untrusted ? 0 : 1);
});
