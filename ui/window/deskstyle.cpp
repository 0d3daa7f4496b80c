// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/deskstyle.h"

#include <QtGui/QPainter>
#include <QtWidgets/QStyleFactory>
#include <QtWidgets/QStyleOption>

namespace everx {

namespace {
bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

// A rounded edge one pixel inside rect, as Fusion draws a field's frame.
void drawEdge(QPainter *painter, const QRect &rect, const QColor &colour)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->translate(0.5, 0.5);
    painter->setPen(colour);
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(rect.adjusted(0, 0, -1, -1), 2, 2);
    painter->restore();
}
} // namespace

DeskStyle::DeskStyle()
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
{ }

QColor DeskStyle::fieldEdge(const QPalette &palette, bool focused)
{
    if (focused)
        return palette.color(QPalette::Highlight).lighter(125);
    // Halfway between the field and its text: clearly an edge, quieter than the text.
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    return QColor((base.red() * 3 + text.red() * 2) / 5, (base.green() * 3 + text.green() * 2) / 5,
                  (base.blue() * 3 + text.blue() * 2) / 5);
}

void DeskStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                              QPainter *painter, const QWidget *widget) const
{
    if (element == PE_FrameLineEdit && isDark(option->palette)) {
        drawEdge(painter, option->rect, fieldEdge(option->palette, option->state & State_HasFocus));
        return;
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void DeskStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                                   QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    // Fusion draws a spin box's or an editable combo box's frame itself, in the same dark-on-dark
    // colour: draw the visible edge over it.
    if ((control == CC_SpinBox || control == CC_ComboBox) && isDark(option->palette)) {
        if (control == CC_ComboBox) {
            const auto *combo = qstyleoption_cast<const QStyleOptionComboBox *>(option);
            if (!combo || !combo->editable || !combo->frame)
                return;
        } else {
            const auto *spin = qstyleoption_cast<const QStyleOptionSpinBox *>(option);
            if (!spin || !spin->frame)
                return;
        }
        drawEdge(painter, option->rect, fieldEdge(option->palette, option->state & State_HasFocus));
    }
}

} // namespace everx
