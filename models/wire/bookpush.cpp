// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wire/bookpush.h"

#include "market/marketrules.h"
#include "wire/vocabulary.h"
#include "wire/wirecodec.h"

#include <QtCore/QJsonArray>

#include <algorithm>
#include <limits>

namespace everx::Protocol {

namespace {

using namespace Qt::StringLiterals;

// A book delta frame around its variable parts, as encodePush() writes it: cut out of a frame
// it wrote, so that the keys stay spelled where frames are written and the reader follows any
// change there. The channel goes between head and afterChannel (its quotes are theirs), the asks
// before betweenSides, the bids before beforeSeq, the sequence number before tail.
struct DeltaShape
{
    // False if encodePush() ever writes the parts in another order: the reader then reads
    // nothing, everything goes to decode(), and tst_protocol says so.
    bool known = false;
    QString head, afterChannel, betweenSides, beforeSeq, tail;
};

const DeltaShape &deltaShape()
{
    static const DeltaShape shape = [] {
        const QString channel = u"book.@channel"_s, asks = u"[\"@asks\"]"_s,
                      bids = u"[\"@bids\"]"_s, seq = u"987654321"_s;
        const QString frame =
            encodePush(channel, seq.toLongLong(), PushType::Delta,
                       Wire::bookData(QJsonArray {u"@bids"_s}, QJsonArray {u"@asks"_s}));
        const qsizetype c = frame.indexOf(channel), a = frame.indexOf(asks),
                        b = frame.indexOf(bids), n = frame.indexOf(seq);
        DeltaShape s;
        s.known = c > 0 && a > c && b > a && n > b;
        if (!s.known)
            return s;
        s.head = frame.first(c);
        s.afterChannel = frame.sliced(c + channel.size(), a - c - channel.size());
        s.betweenSides = frame.sliced(a + asks.size(), b - a - asks.size());
        s.beforeSeq = frame.sliced(b + bids.size(), n - b - bids.size());
        s.tail = frame.sliced(n + seq.size());
        return s;
    }();
    return shape;
}

// Reads a text from the front in the narrow form decodeBookDelta() takes. A method that fails
// leaves the position anywhere: the caller gives up on the whole text.
class FrameReader
{
public:
    explicit FrameReader(QStringView text)
        : m_text(text)
    { }

    bool atEnd() const { return m_pos == m_text.size(); }

    bool literal(QStringView expected)
    {
        // Compared unit by unit: QStringView::startsWith() goes through Qt's general (and
        // case-aware) comparison, which made reading a frame a sixth slower.
        if (m_text.size() - m_pos < expected.size()
            || !std::equal(expected.begin(), expected.end(), m_text.begin() + m_pos))
            return false;
        m_pos += expected.size();
        return true;
    }

    bool next(char c)
    {
        if (m_pos == m_text.size() || m_text.at(m_pos) != QLatin1Char(c))
            return false;
        ++m_pos;
        return true;
    }

    // Printable ASCII up to a quote, without escapes; the quote is left to read.
    std::optional<QStringView> plainUntilQuote()
    {
        const qsizetype start = m_pos;
        for (; m_pos < m_text.size(); ++m_pos) {
            const char16_t c = m_text.at(m_pos).unicode();
            if (c == u'"')
                return m_text.sliced(start, m_pos - start);
            if (c < 0x20 || c > 0x7e || c == u'\\')
                return std::nullopt;
        }
        return std::nullopt;
    }

    // A non-negative integer written as digits alone, without a leading zero (which JSON
    // refuses), a fraction or an exponent, and at most 15 of them: exact as a double, so the
    // same number Json::wholeNumber() reads.
    std::optional<qint64> count()
    {
        constexpr qsizetype MaxDigits = 15;
        const qsizetype start = m_pos;
        qint64 n = 0;
        for (; m_pos < m_text.size(); ++m_pos) {
            const char16_t c = m_text.at(m_pos).unicode();
            if (c < u'0' || c > u'9')
                break;
            if (m_pos - start == MaxDigits)
                return std::nullopt; // one digit too many, before n could overflow
            n = n * 10 + (c - u'0');
        }
        const qsizetype digits = m_pos - start;
        if (digits == 0 || (digits > 1 && m_text.at(start) == u'0'))
            return std::nullopt;
        if (!atEnd()) {
            const char16_t c = m_text.at(m_pos).unicode();
            if (c == u'.' || c == u'e' || c == u'E')
                return std::nullopt;
        }
        return n;
    }

    // A side's levels: [] or [["4.19",3,1],...] (an ask's with its block: ["4.19",3,1,2]), each
    // a level Wire::levelFromJson() reads.
    bool levels(std::vector<BookLevelChange> *out)
    {
        if (!next('['))
            return false;
        if (next(']'))
            return true;
        do {
            BookLevelChange level;
            if (!readLevel(&level))
                return false;
            out->push_back(level);
        } while (next(','));
        return next(']');
    }

private:
    bool readLevel(BookLevelChange *level)
    {
        if (!next('[') || !next('"'))
            return false;
        const std::optional<QStringView> price = plainUntilQuote();
        if (!price || !next('"'))
            return false;
        const std::optional<Cents> cents = Money::parsePlain(*price);
        if (!cents || !next(','))
            return false;
        const std::optional<qint64> gpus = count();
        if (!gpus || !next(','))
            return false;
        const std::optional<qint64> orders = count();
        if (!orders || *orders > std::numeric_limits<qint32>::max())
            return false;
        qint64 block = 0;
        if (next(',')) {
            const std::optional<qint64> b = count();
            if (!b || *b > *gpus || *b > MarketRules::MaxGpusPerListing)
                return false;
            block = *b;
        }
        if (!next(']'))
            return false;
        *level = {*cents, *gpus, qint32(*orders), qint32(block)};
        return true;
    }

    QStringView m_text;
    qsizetype m_pos = 0;
};

} // namespace

bool decodeBookDelta(QStringView text, BookDelta *delta, qsizetype maxBytes)
{
    // Only ASCII gets through the reader, one UTF-8 byte a unit: the size is decode()'s.
    if (text.size() > maxBytes)
        return false;
    const DeltaShape &shape = deltaShape();
    if (!shape.known)
        return false;
    FrameReader reader(text);
    if (!reader.literal(shape.head))
        return false;
    const std::optional<QStringView> channel = reader.plainUntilQuote();
    if (!channel || !Channel::isBook(*channel))
        return false;
    delta->change.asks.clear();
    delta->change.bids.clear();
    if (!reader.literal(shape.afterChannel) || !reader.levels(&delta->change.asks)
        || !reader.literal(shape.betweenSides) || !reader.levels(&delta->change.bids)
        || !reader.literal(shape.beforeSeq))
        return false;
    const std::optional<qint64> seq = reader.count();
    if (!seq || !reader.literal(shape.tail) || !reader.atEnd())
        return false;
    delta->channel = *channel;
    delta->seq = *seq;
    return true;
}

std::optional<BookDelta> decodeBookDelta(QStringView text, qsizetype maxBytes)
{
    BookDelta delta;
    if (!decodeBookDelta(text, &delta, maxBytes))
        return std::nullopt;
    return delta;
}

} // namespace everx::Protocol
