#include "engine/ledger.h"

#include <QtCore/QCryptographicHash>

#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <charconv>
#include <iterator>
#include <utility>

namespace everx {

Ledger::Ledger()
    : m_lastHash(genesisHash())
{ }

bool Ledger::post(qint64 timeMs, const QString &kind, qint64 refId, const QString &memo,
                  const QList<LedgerLine> &lines)
{
    Cents sum = 0;
    bool any = false;
    for (const LedgerLine &line : lines) {
        sum += line.amount;
        any = any || line.amount != 0;
    }
    if (sum != 0 || !any)
        return false;

    const qint64 txId = ++m_lastTxId;
    for (const LedgerLine &line : lines) {
        if (line.amount == 0)
            continue;
        LedgerEntry e;
        e.id = ++m_lastEntryId;
        e.txId = txId;
        e.timeMs = timeMs;
        e.accountId = line.accountId;
        e.bucket = line.bucket;
        e.amount = line.amount;
        e.kind = kind;
        e.refId = refId;
        e.memo = memo;
        e.prevHash = m_lastHash;
        e.hash = entryHash(m_key, m_lastHash, e);
        m_lastHash = e.hash;
        m_balances[key(line.accountId, line.bucket)] += line.amount;
        m_pending.append(std::move(e));
    }
    return true;
}

Cents Ledger::total() const
{
    Cents sum = 0;
    for (auto it = m_balances.cbegin(); it != m_balances.cend(); ++it)
        sum += it.value();
    return sum;
}

Cents Ledger::bucketTotal(Bucket bucket) const
{
    Cents sum = 0;
    for (auto it = m_balances.cbegin(); it != m_balances.cend(); ++it) {
        if (bucketOf(it.key()) == bucket)
            sum += it.value();
    }
    return sum;
}

QList<LedgerEntry> Ledger::takePending()
{
    return std::exchange(m_pending, {});
}

void Ledger::restore(const QHash<quint64, Cents> &balances, qint64 lastEntryId, qint64 lastTxId,
                     const QByteArray &lastHash)
{
    m_balances = balances;
    m_pending.clear();
    m_lastEntryId = lastEntryId;
    m_lastTxId = lastTxId;
    m_lastHash = lastHash.isEmpty() ? genesisHash() : lastHash;
}

void Ledger::clear()
{
    restore({}, 0, 0, {});
}

namespace {

// What an entry's hash is taken of: the previous hash, then the entry's canonical text, its
// fields in a fixed order, '|'-separated, the memo last and length-prefixed so that no choice
// of memo can forge another entry's text. Written into one buffer: every entry of every order
// is hashed, and a chain of QByteArray concatenations made a dozen of them to throw away.
QByteArray hashedText(const QByteArray &prevHash, const LedgerEntry &e)
{
    const QByteArray memo = e.memo.toUtf8();
    QByteArray out;
    out.reserve(prevHash.size() + 9 * 21 + e.kind.size() * 3 + memo.size());
    const auto number = [&out](qint64 n) {
        char digits[24];
        const std::to_chars_result r = std::to_chars(std::begin(digits), std::end(digits), n);
        out.append(digits, qsizetype(r.ptr - digits));
    };
    out.append(prevHash);
    for (const qint64 field : {e.id, e.txId, e.timeMs, e.accountId, qint64(e.bucket), e.amount}) {
        number(field);
        out.append('|');
    }
    out.append(e.kind.toUtf8());
    out.append('|');
    number(e.refId);
    out.append('|');
    number(memo.size());
    out.append(':');
    out.append(memo);
    return out;
}

// OpenSSL 3's one-shot HMAC() fetches the algorithm from its provider tables and derives the
// key's inner and outer pads on every call: most of the cost of an entry's link. Each thread
// keeps the fetched MAC and a context already keyed with the last key it saw, and copies that
// context per message.
class KeyedMac
{
public:
    KeyedMac()
        : m_mac(EVP_MAC_fetch(nullptr, "HMAC", nullptr))
    { }
    ~KeyedMac()
    {
        EVP_MAC_CTX_free(m_keyed);
        EVP_MAC_free(m_mac);
    }
    Q_DISABLE_COPY_MOVE(KeyedMac)

    QByteArray hex(const QByteArray &key, const QByteArray &message)
    {
        if (!m_mac)
            return {};
        if (!m_keyed || key != m_key) {
            EVP_MAC_CTX_free(std::exchange(m_keyed, EVP_MAC_CTX_new(m_mac)));
            char digest[] = "SHA256";
            const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string("digest", digest, 0),
                                         OSSL_PARAM_construct_end()};
            if (!m_keyed
                || !EVP_MAC_init(m_keyed, reinterpret_cast<const unsigned char *>(key.constData()),
                                 size_t(key.size()), params)) {
                EVP_MAC_CTX_free(std::exchange(m_keyed, nullptr));
                return {};
            }
            m_key = key;
        }
        EVP_MAC_CTX *ctx = EVP_MAC_CTX_dup(m_keyed);
        unsigned char out[EVP_MAX_MD_SIZE];
        size_t length = 0;
        const bool ok = ctx
            && EVP_MAC_update(ctx, reinterpret_cast<const unsigned char *>(message.constData()),
                              size_t(message.size()))
            && EVP_MAC_final(ctx, out, &length, sizeof out);
        EVP_MAC_CTX_free(ctx);
        if (!ok)
            return {};
        return QByteArray(reinterpret_cast<const char *>(out), qsizetype(length)).toHex();
    }

private:
    EVP_MAC *m_mac = nullptr;
    EVP_MAC_CTX *m_keyed = nullptr;
    QByteArray m_key;
};

QByteArray hmacHex(const QByteArray &key, const QByteArray &message)
{
    thread_local KeyedMac mac;
    return mac.hex(key, message);
}

} // namespace

QByteArray Ledger::entryHash(const QByteArray &key, const QByteArray &prevHash,
                             const LedgerEntry &e)
{
    return hmacHex(key, hashedText(prevHash, e));
}

QByteArray Ledger::unkeyedEntryHash(const QByteArray &prevHash, const LedgerEntry &e)
{
    return QCryptographicHash::hash(hashedText(prevHash, e), QCryptographicHash::Sha256).toHex();
}

QByteArray Ledger::checkpointMac(const QByteArray &key, qint64 entryId, const QByteArray &hash)
{
    return hmacHex(key, "checkpoint|" + QByteArray::number(entryId) + '|' + hash);
}

} // namespace everx
