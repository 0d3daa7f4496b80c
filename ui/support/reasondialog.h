#pragma once

#include <QtWidgets/QDialog>

#include <memory>

namespace Ui {
class ReasonDialog;
}

namespace everx {

// A mandatory text for a support action (reasondialog.ui): a note on an account, or the reason
// for approving or declining an adjustment. OK is enabled once there is text.
class ReasonDialog final : public QDialog
{
    Q_OBJECT

public:
    ReasonDialog(const QString &title, const QString &prompt, QWidget *parent = nullptr);
    ~ReasonDialog() override;

    QString text() const;

private:
    std::unique_ptr<::Ui::ReasonDialog> m_ui;
};

} // namespace everx
