<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id_ID">
<context>
    <name>AdjustmentDialog</name>
    <message>
        <source>Adjust balance</source>
        <translation>Sesuaikan saldo</translation>
    </message>
    <message>
        <source>&amp;Amount (USD, negative to debit):</source>
        <translation>&amp;Jumlah (USD, negatif untuk mendebit):</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Alasan:</translation>
    </message>
    <message>
        <source>Large adjustments, and those past your daily total, wait for a second support agent.</source>
        <translation>Penyesuaian besar, dan yang melewati total harian Anda, menunggu agen dukungan kedua.</translation>
    </message>
</context>
<context>
    <name>ClusterDialog</name>
    <message>
        <source>Cluster</source>
        <translation>Klaster</translation>
    </message>
    <message>
        <source>Cluster &amp;name:</source>
        <translation>&amp;Nama klaster:</translation>
    </message>
    <message>
        <source>&amp;Fabric:</source>
        <comment>the network between the servers of a cluster</comment>
        <translation>&amp;Jaringan:</translation>
    </message>
    <message>
        <source>&amp;Speed per server:</source>
        <translation>&amp;Kecepatan per server:</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>A customer&apos;s cluster order takes GPUs from servers of one cluster only. Every server of a cluster has the same GPU, region, fabric and speed. Leave the name empty to take the listings out of their cluster.</source>
        <translation>Pesanan klaster pelanggan mengambil GPU hanya dari server-server satu klaster. Setiap server dalam satu klaster memiliki GPU, wilayah, jaringan, dan kecepatan yang sama. Kosongkan nama untuk mengeluarkan listing dari klasternya.</translation>
    </message>
</context>
<context>
    <name>ListingDialog</name>
    <message>
        <source>Add a listing</source>
        <translation>Tambah listing</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <source>G&amp;PUs in the server:</source>
        <translation>Jumlah G&amp;PU di server:</translation>
    </message>
    <message>
        <source>&amp;Price per GPU-hour (USD):</source>
        <translation>&amp;Harga per jam GPU (USD):</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Wilayah:</translation>
    </message>
    <message>
        <source>&amp;Access endpoint:</source>
        <translation>Titik &amp;akses:</translation>
    </message>
</context>
<context>
    <name>PayoutDialog</name>
    <message>
        <source>Request a payout</source>
        <translation>Ajukan pencairan</translation>
    </message>
    <message>
        <source>&amp;Amount (USD):</source>
        <translation>&amp;Jumlah (USD):</translation>
    </message>
</context>
<context>
    <name>ProviderWorkspace</name>
    <message>
        <source>Provider workspace</source>
        <translation>Ruang kerja penyedia</translation>
    </message>
    <message>
        <source>&amp;Listings</source>
        <translation>&amp;Listing</translation>
    </message>
    <message>
        <source>A&amp;dd…</source>
        <translation>T&amp;ambah…</translation>
    </message>
    <message>
        <source>&amp;Reprice…</source>
        <translation>Ubah ha&amp;rga…</translation>
    </message>
    <message>
        <source>Pau&amp;se</source>
        <translation>&amp;Jeda</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>La&amp;njutkan</translation>
    </message>
    <message>
        <source>Rem&amp;ove</source>
        <translation>&amp;Hapus</translation>
    </message>
    <message>
        <source>Rentals on my &amp;hardware</source>
        <translation>Penyewaan di &amp;perangkat saya</translation>
    </message>
    <message>
        <source>&amp;Older rentals</source>
        <translation>Penyewaan se&amp;belumnya</translation>
    </message>
    <message>
        <source>Ear&amp;nings</source>
        <translation>P&amp;endapatan</translation>
    </message>
    <message>
        <source>Per&amp;iod:</source>
        <translation>Per&amp;iode:</translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation>Ek&amp;spor CSV…</translation>
    </message>
    <message>
        <source>&amp;Payouts</source>
        <translation>Pen&amp;cairan</translation>
    </message>
    <message>
        <source>Re&amp;quest a payout…</source>
        <translation>A&amp;jukan pencairan…</translation>
    </message>
    <message>
        <source>&amp;Cluster…</source>
        <comment>servers of one provider joined by a fast network</comment>
        <translation>&amp;Klaster…</translation>
    </message>
    <message>
        <source>Cal&amp;endar</source>
        <comment>a server&apos;s GPUs hour by hour, two weeks ahead</comment>
        <translation>Kalen&amp;der</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>Ser&amp;ver:</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>The sandbox exchange did not start: %1</source>
        <translation>Bursa sandbox tidak dapat dimulai: %1</translation>
    </message>
</context>
<context>
    <name>RepriceDialog</name>
    <message>
        <source>Reprice listings</source>
        <translation>Ubah harga listing</translation>
    </message>
    <message>
        <source>&amp;New price:</source>
        <translation>Harga &amp;baru:</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Nilai:</translation>
    </message>
</context>
<context>
    <name>SupportWorkspace</name>
    <message>
        <source>Accounts</source>
        <translation>Akun</translation>
    </message>
    <message>
        <source>Email, name, company or account number</source>
        <translation>Email, nama, perusahaan, atau nomor akun</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Cari</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Sebelumnya</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Berikutnya</translation>
    </message>
    <message>
        <source>Adjust &amp;balance...</source>
        <translation>&amp;Sesuaikan saldo...</translation>
    </message>
    <message>
        <source>Add &amp;note...</source>
        <translation>Tamba&amp;h catatan...</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Muat ula&amp;ng</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Buku besar</translation>
    </message>
    <message>
        <source>K&amp;ind:</source>
        <translation>&amp;Jenis:</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pesanan</translation>
    </message>
    <message>
        <source>Rentals</source>
        <translation>Penyewaan</translation>
    </message>
    <message>
        <source>Listings</source>
        <translation>Listing</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sesi</translation>
    </message>
    <message>
        <source>Failed sign-ins</source>
        <translation>Gagal masuk</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Catatan</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
    <message>
        <source>R&amp;efresh</source>
        <translation>Muat ula&amp;ng</translation>
    </message>
    <message>
        <source>A&amp;pprove...</source>
        <translation>S&amp;etujui...</translation>
    </message>
    <message>
        <source>&amp;Decline...</source>
        <translation>T&amp;olak...</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Log audit</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>&amp;Agen:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>semua</translation>
    </message>
    <message>
        <source>A&amp;ccount:</source>
        <translation>A&amp;kun:</translation>
    </message>
    <message>
        <source>Fr&amp;om:</source>
        <translation>&amp;Dari:</translation>
    </message>
    <message>
        <source>&amp;Until:</source>
        <translation>Sam&amp;pai:</translation>
    </message>
    <message>
        <source>S&amp;how</source>
        <translation>Tampi&amp;lkan</translation>
    </message>
    <message>
        <source>S&amp;uspend...</source>
        <translation>Tang&amp;guhkan...</translation>
    </message>
    <message>
        <source>Reac&amp;tivate...</source>
        <translation>Aktifkan &amp;kembali...</translation>
    </message>
    <message>
        <source>Appro&amp;ve application...</source>
        <translation>Setujui pen&amp;daftaran penyedia...</translation>
    </message>
    <message>
        <source>Re&amp;ject application...</source>
        <translation>Tol&amp;ak pendaftaran penyedia...</translation>
    </message>
    <message>
        <source>Queue</source>
        <comment>tab: what waits for support&apos;s decision</comment>
        <translation>Antrean</translation>
    </message>
    <message>
        <source>Adjustments waiting for a second agent</source>
        <translation>Penyesuaian yang menunggu agen kedua</translation>
    </message>
    <message>
        <source>Payout requests</source>
        <translation>Pengajuan pencairan</translation>
    </message>
    <message>
        <source>Mark pa&amp;id...</source>
        <translation>Tandai dibaya&amp;r...</translation>
    </message>
    <message>
        <source>Re&amp;ject...</source>
        <comment>a payout request</comment>
        <translation>To&amp;lak...</translation>
    </message>
    <message>
        <source>Providers&apos; applications waiting for a decision</source>
        <translation>Pendaftaran penyedia yang menunggu keputusan</translation>
    </message>
    <message>
        <source>Pending app&amp;lications</source>
        <translation>Pendaftaran penyedia &amp;yang menunggu</translation>
    </message>
    <message>
        <source>Top-ups paid after they expired</source>
        <translation>Isi saldo yang dibayar setelah kedaluwarsa</translation>
    </message>
    <message>
        <source>&amp;Credit...</source>
        <comment>a top-up paid after it expired</comment>
        <translation>&amp;Kreditkan...</translation>
    </message>
    <message>
        <source>Mark refu&amp;nded...</source>
        <comment>a top-up paid after it expired</comment>
        <translation>Tandai dikem&amp;balikan...</translation>
    </message>
    <message>
        <source>Support workspace</source>
        <translation>Ruang kerja dukungan</translation>
    </message>
    <message>
        <source>Reservations</source>
        <comment>windows reserved ahead</comment>
        <translation>Reservasi</translation>
    </message>
</context>
<context>
    <name>everx::CandleModel</name>
    <message>
        <source>Time</source>
        <comment>start of a candle</comment>
        <translation>Waktu</translation>
    </message>
    <message>
        <source>Open</source>
        <comment>first price of a candle</comment>
        <translation>Buka</translation>
    </message>
    <message>
        <source>High</source>
        <comment>highest price of a candle</comment>
        <translation>Tertinggi</translation>
    </message>
    <message>
        <source>Low</source>
        <comment>lowest price of a candle</comment>
        <translation>Terendah</translation>
    </message>
    <message>
        <source>Close</source>
        <comment>last price of a candle</comment>
        <translation>Tutup</translation>
    </message>
    <message>
        <source>Volume</source>
        <comment>GPU-hours traded</comment>
        <translation>Volume</translation>
    </message>
</context>
<context>
    <name>everx::ClientSession</name>
    <message>
        <source>disconnected</source>
        <translation>terputus</translation>
    </message>
    <message>
        <source>No way to reach the exchange is configured.</source>
        <translation>Belum ada koneksi ke bursa yang dikonfigurasi.</translation>
    </message>
    <message>
        <source>The exchange did not answer.</source>
        <translation>Bursa tidak merespons.</translation>
    </message>
    <message>
        <source>The exchange refused the connection: %1</source>
        <translation>Bursa menolak koneksi: %1</translation>
    </message>
    <message>
        <source>the exchange refused the connection</source>
        <translation>bursa menolak koneksi</translation>
    </message>
    <message>
        <source>The exchange speaks another protocol version.</source>
        <translation>Bursa menggunakan versi protokol yang berbeda.</translation>
    </message>
    <message>
        <source>the exchange speaks another protocol version</source>
        <translation>bursa menggunakan versi protokol yang berbeda</translation>
    </message>
    <message>
        <source>the connection dropped before the reply</source>
        <translation>koneksi terputus sebelum ada balasan</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>tidak terhubung</translation>
    </message>
    <message>
        <source>no reply to %1 within %2 s</source>
        <translation>tidak ada balasan untuk %1 dalam %2 detik</translation>
    </message>
    <message>
        <source>signed out before the order could be sent again</source>
        <translation>sesi berakhir sebelum pesanan dapat dikirim ulang</translation>
    </message>
    <message>
        <source>order %1 is already being placed</source>
        <translation>pesanan %1 sedang dikirim</translation>
    </message>
    <message>
        <source>The exchange stopped answering.</source>
        <translation>Bursa berhenti merespons.</translation>
    </message>
    <message>
        <source>the account&apos;s session ended before the order could be sent again</source>
        <translation>sesi akun berakhir sebelum pesanan dapat dikirim ulang</translation>
    </message>
</context>
<context>
    <name>everx::ClusterDialog</name>
    <message numerus="yes">
        <source>The cluster of %n listing(s): servers of yours joined by a fast network.</source>
        <translation>
            <numerusform>Klaster untuk %n listing: server-server Anda yang terhubung oleh jaringan cepat.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::ConnectDialog</name>
    <message>
        <source>WARNING: %1 presented a different certificate from the one you trusted.
Trusted SHA-256:
%2
Presented SHA-256:
%3
Someone may be intercepting the connection, so the desk did not connect. If the operator has replaced the certificate, confirm the new fingerprint with them, forget the old one, and connect again.</source>
        <translation>PERINGATAN: %1 memberikan sertifikat yang berbeda dari sertifikat yang Anda percayai.
SHA-256 tepercaya:
%2
SHA-256 yang diberikan:
%3
Seseorang mungkin sedang menyadap koneksi, sehingga aplikasi tidak terhubung. Jika operator telah mengganti sertifikatnya, konfirmasikan sidik jari yang baru kepada mereka, lupakan yang lama, lalu hubungkan kembali.</translation>
    </message>
    <message>
        <source>The certificate of %1 is not signed by an authority this computer trusts. Exchange servers often use a certificate of their own; everx-exchanged prints its fingerprint when it starts. Compare the SHA-256 fingerprint below with the one the operator gave you. If they are the same, trust it: the desk remembers it and from then on refuses any other certificate from this server (trust on first use).</source>
        <translation>Sertifikat %1 tidak ditandatangani oleh otoritas yang dipercaya komputer ini. Server bursa sering memakai sertifikat sendiri; everx-exchanged menampilkan sidik jarinya saat dimulai. Bandingkan sidik jari SHA-256 di bawah ini dengan sidik jari yang diberikan operator kepada Anda. Jika sama, percayai sertifikat ini: aplikasi akan mengingatnya dan sejak itu menolak sertifikat lain dari server ini (trust on first use).</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Menghubungkan ke %1…</translation>
    </message>
    <message>
        <source>Still trying to connect: %1</source>
        <translation>Masih mencoba terhubung: %1</translation>
    </message>
    <message>
        <source>Trust and &amp;connect</source>
        <translation>Percayai dan &amp;hubungkan</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Hubungkan</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Hubungkan</translation>
    </message>
    <message>
        <source>Trade in the sandbox built into the desk, with demo accounts and a simulated market, or connect to an exchange server.</source>
        <translation>Bertransaksi di sandbox bawaan aplikasi, dengan akun demo dan pasar simulasi, atau hubungkan ke server bursa.</translation>
    </message>
    <message>
        <source>&amp;Sandbox (built in)</source>
        <translation>&amp;Sandbox (bawaan)</translation>
    </message>
    <message>
        <source>Se&amp;rver:</source>
        <translation>Se&amp;rver:</translation>
    </message>
    <message>
        <source>Unknown certificate</source>
        <translation>Sertifikat tidak dikenal</translation>
    </message>
    <message>
        <source>I have compared the fingerprint and &amp;trust this certificate</source>
        <translation>Saya sudah membandingkan sidik jari dan &amp;percaya pada sertifikat ini</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint of the server&apos;s certificate</source>
        <translation>Sidik jari SHA-256 sertifikat server</translation>
    </message>
    <message>
        <source>&amp;Forget the trusted certificate</source>
        <translation>&amp;Lupakan sertifikat tepercaya</translation>
    </message>
    <message>
        <source>The server&apos;s address. For an exchange that runs on several machines, give all of them, separated by commas: wss://a.example.com:7447,wss://b.example.com:7447</source>
        <translation>Alamat server. Untuk bursa yang berjalan di beberapa mesin, masukkan semuanya, dipisahkan koma: wss://a.example.com:7447,wss://b.example.com:7447</translation>
    </message>
</context>
<context>
    <name>everx::ConstraintsPage</name>
    <message>
        <source>Constraints</source>
        <translation>Batasan</translation>
    </message>
    <message>
        <source>Your limits. GPUs beyond them stay in the results, with the reason.</source>
        <translation>Batas Anda. GPU yang melampauinya tetap ada di hasil, beserta alasannya.</translation>
    </message>
    <message>
        <source>&amp;At most GPUs</source>
        <translation>Jumlah GPU &amp;maksimum</translation>
    </message>
    <message>
        <source>B&amp;udget per hour</source>
        <translation>&amp;Anggaran per jam</translation>
    </message>
    <message>
        <source>No limit, or like %1 (all GPUs, excluding tax)</source>
        <translation>Tanpa batas, atau misalnya %1 (semua GPU, belum termasuk pajak)</translation>
    </message>
    <message>
        <source>Budget per hour</source>
        <translation>Anggaran per jam</translation>
    </message>
    <message>
        <source>A job split over GPUs exchanges gradients every step; PCIe cards suit one GPU or small jobs.</source>
        <translation>Pekerjaan yang dibagi ke beberapa GPU bertukar gradien di setiap langkah; kartu PCIe cocok untuk satu GPU atau pekerjaan kecil.</translation>
    </message>
    <message>
        <source>&amp;Hours to rent</source>
        <translation>&amp;Jam sewa</translation>
    </message>
    <message>
        <source>For the bid: rentals are billed hourly.</source>
        <translation>Untuk permintaan: penyewaan ditagih per jam.</translation>
    </message>
    <message>
        <source>Enter an amount like %1, or leave it empty.</source>
        <translation>Masukkan jumlah seperti %1, atau biarkan kosong.</translation>
    </message>
    <message>
        <source>With the run&apos;s tokens, a bid is for the hours the chosen GPUs need, rounded up; these hours are for GPUs whose TFLOPS are not published.</source>
        <translation>Dengan jumlah token proses, permintaan dipasang untuk jam yang dibutuhkan GPU pilihan, dibulatkan ke atas; jam ini untuk GPU yang TFLOPS-nya tidak dipublikasikan.</translation>
    </message>
    <message>
        <source>Several GPUs need a fast &amp;interconnect (NVLink, Infinity Fabric)</source>
        <translation>Beberapa GPU memerlukan interkoneksi &amp;cepat (NVLink, Infinity Fabric)</translation>
    </message>
</context>
<context>
    <name>everx::DepthChart</name>
    <message>
        <source>Depth</source>
        <translation>Kedalaman</translation>
    </message>
    <message>
        <source>Depth chart</source>
        <translation>Grafik kedalaman</translation>
    </message>
    <message>
        <source>Bids</source>
        <translation>Permintaan</translation>
    </message>
    <message>
        <source>Offers</source>
        <comment>asks: GPUs offered by providers</comment>
        <translation>Penawaran</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>Harga per jam GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <comment>cumulative depth</comment>
        <translation>Jml GPU</translation>
    </message>
</context>
<context>
    <name>everx::DeskState</name>
    <message numerus="yes">
        <source>%n GPU(s) of %1 bought at %2 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU %1 dibeli seharga %2 per jam GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rental started: %n GPU(s) of %1, %2 h at %3 per GPU-hour</source>
        <translation>
            <numerusform>Penyewaan dimulai: %n GPU %1, %2 jam seharga %3 per jam GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rental ended: %n GPU(s) of %1</source>
        <translation>
            <numerusform>Penyewaan berakhir: %n GPU %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Your available balance is low: %1</source>
        <translation>Saldo tersedia Anda menipis: %1</translation>
    </message>
    <message>
        <source>Top-up %1 waits for your payment of %2</source>
        <translation>Isi saldo %1 menunggu pembayaran Anda sebesar %2</translation>
    </message>
    <message>
        <source>Top-up %1 credited: %2 paid, %3 added to your balance</source>
        <translation>Isi saldo %1 dikreditkan: %2 dibayar, %3 ditambahkan ke saldo Anda</translation>
    </message>
    <message>
        <source>Top-up %1 expired: no payment of %2 arrived</source>
        <translation>Isi saldo %1 kedaluwarsa: pembayaran %2 tidak diterima</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of %1 bought at %2 to %3 per GPU-hour</source>
        <comment>several fills at their prices</comment>
        <translation>
            <numerusform>%n GPU %1 dibeli seharga %2 sampai %3 per jam GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Top-up %1: your payment of %2 arrived after it expired; support will credit it or have it refunded</source>
        <translation>Isi saldo %1: pembayaran Anda sebesar %2 tiba setelah kedaluwarsa; tim dukungan akan mengkreditkannya atau mengembalikannya</translation>
    </message>
    <message>
        <source>Top-up %1: your late payment of %2 was refunded (reference %3)</source>
        <translation>Isi saldo %1: pembayaran terlambat Anda sebesar %2 telah dikembalikan (referensi %3)</translation>
    </message>
    <message>
        <source>As of %1: the connection to the exchange dropped; these figures may have changed.</source>
        <translation>Per %1: koneksi ke bursa terputus; angka-angka ini mungkin sudah berubah.</translation>
    </message>
    <message>
        <source>Your provider application is approved: you can list servers now.</source>
        <translation>Pendaftaran penyedia Anda disetujui: sekarang Anda dapat memasang listing server.</translation>
    </message>
    <message>
        <source>Your provider application was rejected. Support can tell you why.</source>
        <translation>Pendaftaran penyedia Anda ditolak. Tim dukungan dapat menjelaskan alasannya.</translation>
    </message>
    <message numerus="yes">
        <source>Reserved: %n GPU(s) of %1 from %2 for %3 h</source>
        <translation>
            <numerusform>Direservasi: %n GPU %1 mulai %2 selama %3 jam</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your window of %n GPU(s) of %1 starts at %2</source>
        <translation>
            <numerusform>Jendela Anda untuk %n GPU %1 mulai pada %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reservation of %n GPU(s) of %1 from %2 cancelled; fee %3</source>
        <translation>
            <numerusform>Reservasi %n GPU %1 mulai %2 dibatalkan; biaya %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reservation of %n GPU(s) of %1 from %2 cancelled and refunded in full</source>
        <translation>
            <numerusform>Reservasi %n GPU %1 mulai %2 dibatalkan dan dikembalikan penuh</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::EarningsChart</name>
    <message>
        <source>Earnings (USD)</source>
        <translation>Pendapatan (USD)</translation>
    </message>
    <message>
        <source>Utilisation (%)</source>
        <comment>rented GPU-hours over listed GPU-hours</comment>
        <translation>Utilisasi (%)</translation>
    </message>
    <message>
        <source>Earnings and utilisation per day</source>
        <translation>Pendapatan dan utilisasi per hari</translation>
    </message>
</context>
<context>
    <name>everx::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Hubungkan…</translation>
    </message>
    <message>
        <source>&amp;Sign in…</source>
        <translation>&amp;Masuk…</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>K&amp;eluar dari akun</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Tutup aplikasi</translation>
    </message>
</context>
<context>
    <name>everx::HostedRentalsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Mulai</translation>
    </message>
    <message>
        <source>Hours billed</source>
        <translation>Jam yang ditagih</translation>
    </message>
    <message>
        <source>Earnings so far</source>
        <translation>Pendapatan sejauh ini</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <comment>hours billed of hours booked</comment>
        <translation>%1 dari %2</translation>
    </message>
    <message>
        <source>Running</source>
        <comment>rental state</comment>
        <translation>Berjalan</translation>
    </message>
    <message>
        <source>Ended</source>
        <comment>rental state</comment>
        <translation>Selesai</translation>
    </message>
    <message>
        <source>Stopped</source>
        <comment>rental state</comment>
        <translation>Dihentikan</translation>
    </message>
    <message>
        <source>Reserved</source>
        <comment>rental state</comment>
        <translation>Direservasi</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <comment>rental state</comment>
        <translation>Dibatalkan</translation>
    </message>
</context>
<context>
    <name>everx::InProcessTransport</name>
    <message>
        <source>The in-process exchange is not running.</source>
        <translation>Bursa bawaan tidak berjalan.</translation>
    </message>
</context>
<context>
    <name>everx::Invoice</name>
    <message>
        <source>%1%</source>
        <comment>a percentage</comment>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Invoice for rental %1</source>
        <translation>Faktur penyewaan %1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Periode</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <comment>period</comment>
        <translation>%1 sampai %2</translation>
    </message>
    <message>
        <source>Hours billed</source>
        <translation>Jam yang ditagih</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n booked</source>
        <comment>hours</comment>
        <translation>
            <numerusform>%1 dari %n yang dipesan</numerusform>
        </translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>Harga per jam GPU</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>Subtotal</translation>
    </message>
    <message>
        <source>Tax (%1)</source>
        <comment>tax rate</comment>
        <translation>Pajak (%1)</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Released (hours not used)</source>
        <translation>Dana dikembalikan (jam tidak terpakai)</translation>
    </message>
    <message>
        <source>The rental&apos;s terms are no longer on the desk; the total is what the ledger charged.</source>
        <translation>Ketentuan penyewaan ini sudah tidak tersedia di aplikasi; total adalah jumlah yang ditagih menurut buku besar.</translation>
    </message>
    <message>
        <source>The ledger charged %1.</source>
        <translation>Buku besar mencatat tagihan %1.</translation>
    </message>
    <message>
        <source>%1, merchant of record</source>
        <comment>the invoice&apos;s issuer</comment>
        <translation>%1, penjual resmi (merchant of record)</translation>
    </message>
    <message>
        <source>Issued by</source>
        <translation>Diterbitkan oleh</translation>
    </message>
    <message>
        <source>Customer</source>
        <comment>on an invoice</comment>
        <translation>Pelanggan</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Nomor faktur</translation>
    </message>
    <message>
        <source>Issue date</source>
        <translation>Tanggal terbit</translation>
    </message>
</context>
<context>
    <name>everx::InvoiceDialog</name>
    <message>
        <source>Save as &amp;HTML…</source>
        <translation>Simpan sebagai &amp;HTML…</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Cetak…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Tidak dapat menyimpan %1: %2</translation>
    </message>
    <message>
        <source>Save invoice</source>
        <translation>Simpan faktur</translation>
    </message>
    <message>
        <source>invoice-rental-%1.html</source>
        <translation>faktur-penyewaan-%1.html</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>File HTML (*.html)</translation>
    </message>
    <message>
        <source>Print invoice</source>
        <translation>Cetak faktur</translation>
    </message>
</context>
<context>
    <name>everx::LadderView</name>
    <message>
        <source>Spread %1 (%2 %)</source>
        <translation>Selisih %1 (%2%)</translation>
    </message>
    <message>
        <source>No bids</source>
        <translation>Tidak ada permintaan</translation>
    </message>
    <message>
        <source>No offers</source>
        <translation>Tidak ada penawaran</translation>
    </message>
    <message>
        <source>Empty book</source>
        <translation>Buku pesanan kosong</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) offered at %1 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU ditawarkan seharga %1 per jam GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) bid at %1 per GPU-hour</source>
        <translation>
            <numerusform>Permintaan %n GPU seharga %1 per jam GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of them are your bids</source>
        <translation>
            <numerusform>%n GPU di antaranya adalah permintaan Anda</numerusform>
        </translation>
    </message>
    <message>
        <source>Order book ladder</source>
        <translation>Tingkat harga buku pesanan</translation>
    </message>
    <message>
        <source>Offers above, bids below. Enter fills the order ticket with the current level.</source>
        <translation>Penawaran di atas, permintaan di bawah. Enter mengisi tiket pesanan dengan tingkat harga saat ini.</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Harga</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pesanan</translation>
    </message>
    <message numerus="yes">
        <source>At most %n GPU(s) of them on one server</source>
        <translation>
            <numerusform>Paling banyak %n GPU di antaranya pada satu server</numerusform>
        </translation>
    </message>
    <message>
        <source>One server</source>
        <comment>the most GPUs one server offers at an ask level</comment>
        <translation>Satu server</translation>
    </message>
</context>
<context>
    <name>everx::LedgerCsv</name>
    <message>
        <source>Could not create %1: %2</source>
        <translation>Tidak dapat membuat %1: %2</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Tidak dapat menulis %1: %2</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Tidak dapat menyimpan %1: %2</translation>
    </message>
    <message>
        <source>Entry</source>
        <comment>CSV column: the ledger entry&apos;s id</comment>
        <translation>Entri</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <comment>CSV column</comment>
        <translation>Waktu (UTC)</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>CSV column: of a ledger entry</comment>
        <translation>Jenis</translation>
    </message>
    <message>
        <source>Amount</source>
        <comment>CSV column</comment>
        <translation>Jumlah</translation>
    </message>
    <message>
        <source>Currency</source>
        <comment>CSV column</comment>
        <translation>Mata uang</translation>
    </message>
    <message>
        <source>Balance</source>
        <comment>CSV column: of the entry&apos;s funds (available or held) after it</comment>
        <translation>Saldo</translation>
    </message>
    <message>
        <source>Funds</source>
        <comment>CSV column: the part of the balance an entry moves, available or held</comment>
        <translation>Dana</translation>
    </message>
    <message>
        <source>Reference</source>
        <comment>CSV column: what the entry refers to, in words</comment>
        <translation>Referensi</translation>
    </message>
    <message>
        <source>Memo</source>
        <comment>CSV column</comment>
        <translation>Catatan</translation>
    </message>
    <message>
        <source>Reference id</source>
        <comment>CSV column: the order, rental or top-up&apos;s id</comment>
        <translation>ID referensi</translation>
    </message>
    <message>
        <source>Transaction</source>
        <comment>CSV column: the id of the entry&apos;s transaction</comment>
        <translation>Transaksi</translation>
    </message>
    <message>
        <source>Hash</source>
        <comment>CSV column: the entry&apos;s link in the ledger&apos;s hash chain</comment>
        <translation>Hash</translation>
    </message>
</context>
<context>
    <name>everx::LedgerModel</name>
    <message>
        <source>Top-up</source>
        <comment>ledger entry kind</comment>
        <translation>Isi saldo</translation>
    </message>
    <message>
        <source>Hold</source>
        <comment>ledger entry kind: money set aside for a bid</comment>
        <translation>Penahanan</translation>
    </message>
    <message>
        <source>Hourly billing</source>
        <comment>ledger entry kind: one rental hour charged</comment>
        <translation>Tagihan per jam</translation>
    </message>
    <message>
        <source>Release</source>
        <comment>ledger entry kind: held money returned to the balance</comment>
        <translation>Pengembalian dana</translation>
    </message>
    <message>
        <source>Price improvement</source>
        <comment>ledger entry kind: filled below the bid&apos;s price</comment>
        <translation>Selisih harga</translation>
    </message>
    <message>
        <source>Adjustment</source>
        <comment>ledger entry kind: a correction by support</comment>
        <translation>Penyesuaian</translation>
    </message>
    <message>
        <source>Available</source>
        <comment>balance bucket</comment>
        <translation>Tersedia</translation>
    </message>
    <message>
        <source>Held</source>
        <comment>balance bucket</comment>
        <translation>Ditahan</translation>
    </message>
    <message>
        <source>Rental %1</source>
        <translation>Penyewaan %1</translation>
    </message>
    <message>
        <source>Order %1</source>
        <translation>Pesanan %1</translation>
    </message>
    <message>
        <source>Adjustment %1</source>
        <comment>reference to support&apos;s audit record</comment>
        <translation>Penyesuaian %1</translation>
    </message>
    <message>
        <source>Paid %1</source>
        <translation>Dibayar %1</translation>
    </message>
    <message>
        <source>Paid %1 at 1 %2 = %3 USD</source>
        <translation>Dibayar %1 dengan kurs 1 %2 = %3 USD</translation>
    </message>
    <message>
        <source>Hour %1 of %2</source>
        <comment>rental hour billed</comment>
        <translation>Jam ke-%1 dari %2</translation>
    </message>
    <message>
        <source>Rental stopped early: unbilled hours released</source>
        <translation>Penyewaan dihentikan lebih awal: dana jam yang belum ditagih dikembalikan</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Waktu</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>of a ledger entry</comment>
        <translation>Jenis</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Jumlah</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referensi</translation>
    </message>
    <message>
        <source>Memo</source>
        <translation>Catatan</translation>
    </message>
    <message>
        <source>Balance</source>
        <comment>of the entry&apos;s funds (available or held) after the entry</comment>
        <translation>Saldo</translation>
    </message>
    <message>
        <source>Funds</source>
        <comment>the part of the balance an entry moves: available or held</comment>
        <translation>Dana</translation>
    </message>
    <message>
        <source>Payout requested</source>
        <comment>ledger entry kind: earnings set aside to be paid out</comment>
        <translation>Pengajuan pencairan</translation>
    </message>
    <message>
        <source>Payout paid</source>
        <comment>ledger entry kind: earnings paid out to the provider</comment>
        <translation>Pencairan dibayar</translation>
    </message>
    <message>
        <source>Payout rejected</source>
        <comment>ledger entry kind: earnings returned after a payout failed</comment>
        <translation>Pencairan ditolak</translation>
    </message>
    <message>
        <source>Past rental</source>
        <comment>ledger entry kind: a rental backfilled into the market&apos;s history</comment>
        <translation>Penyewaan lampau</translation>
    </message>
    <message>
        <source>Earnings</source>
        <comment>balance bucket: a provider&apos;s, not spendable</comment>
        <translation>Pendapatan</translation>
    </message>
    <message>
        <source>Payout pending</source>
        <comment>balance bucket: earnings asked to be paid out</comment>
        <translation>Pencairan menunggu</translation>
    </message>
    <message>
        <source>External funding</source>
        <comment>the exchange&apos;s bucket: money paid in from outside</comment>
        <translation>Dana dari luar</translation>
    </message>
    <message>
        <source>Platform fees</source>
        <comment>the exchange&apos;s bucket</comment>
        <translation>Biaya platform</translation>
    </message>
    <message>
        <source>Tax payable</source>
        <comment>the exchange&apos;s bucket</comment>
        <translation>Pajak terutang</translation>
    </message>
    <message>
        <source>Adjustments</source>
        <comment>the exchange&apos;s bucket: the other side of support&apos;s adjustments</comment>
        <translation>Penyesuaian</translation>
    </message>
    <message>
        <source>Payouts</source>
        <comment>the exchange&apos;s bucket: earnings paid out to providers</comment>
        <translation>Pencairan</translation>
    </message>
</context>
<context>
    <name>everx::LengthPage</name>
    <message>
        <source>Length of the run</source>
        <translation>Panjang proses</translation>
    </message>
    <message>
        <source>Optional: with the tokens, the results show how long the run takes and what it costs on every GPU.</source>
        <translation>Opsional: dengan jumlah token, hasilnya menunjukkan berapa lama proses berjalan dan berapa biayanya di setiap GPU.</translation>
    </message>
    <message>
        <source>&amp;Tokens to process</source>
        <translation>&amp;Token yang diproses</translation>
    </message>
    <message>
        <source>&amp;Tokens to train on</source>
        <translation>&amp;Token pelatihan</translation>
    </message>
    <message>
        <source>2B, 500M, 1e9; empty: rent by the hour</source>
        <translation>2 miliar, 500 juta, 1e9; kosong: sewa per jam</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Prompt and generated tokens of every request together.</source>
        <translation>Token perintah dan token yang dihasilkan dari semua kueri, dijumlahkan.</translation>
    </message>
    <message>
        <source>Every epoch together: the dataset&apos;s tokens × the epochs.</source>
        <translation>Semua epoch dijumlahkan: token set data × jumlah epoch.</translation>
    </message>
    <message>
        <source>&amp;Requests</source>
        <translation>&amp;Jumlah kueri</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>&amp;Contoh</translation>
    </message>
    <message>
        <source>Tokens per re&amp;quest</source>
        <translation>Token per kue&amp;ri</translation>
    </message>
    <message>
        <source>Tokens per exa&amp;mple</source>
        <translation>Token per cont&amp;oh</translation>
    </message>
    <message>
        <source>E&amp;pochs</source>
        <translation>E&amp;poch</translation>
    </message>
    <message>
        <source>Or the requests: their number × tokens per request fills in the tokens.</source>
        <translation>Atau dari kuerinya: jumlah kueri × token per kueri mengisi jumlah token.</translation>
    </message>
    <message>
        <source>Or the dataset: examples × tokens per example × epochs fills in the tokens.</source>
        <translation>Atau dari set data: contoh × token per contoh × epoch mengisi jumlah token.</translation>
    </message>
    <message>
        <source>&amp;Utilisation (MFU)</source>
        <translation>&amp;Utilisasi (MFU)</translation>
    </message>
    <message>
        <source>The share of the GPUs&apos; dense BF16 TFLOPS the run achieves; large published runs reached 38–46%. QLoRA and small batches reach less.</source>
        <translation>Porsi TFLOPS BF16 padat GPU yang dicapai proses; pelatihan besar yang dipublikasikan mencapai 38–46%. QLoRA dan batch kecil mencapai lebih sedikit.</translation>
    </message>
    <message>
        <source>Enter a count such as 2B, 500M or 1e9, at most 10^15, or leave it empty.</source>
        <translation>Masukkan jumlah seperti 2 miliar, 500 juta, atau 1e9, paling banyak 10^15, atau biarkan kosong.</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 token</translation>
    </message>
</context>
<context>
    <name>everx::ListingCalendarView</name>
    <message>
        <source>%1, %2 to %3</source>
        <comment>a day, an hour&apos;s start and end</comment>
        <translation>%1, %2 sampai %3</translation>
    </message>
    <message>
        <source>%1: %2 rented, %3 reserved, %4 idle of %5 GPUs</source>
        <comment>a server&apos;s GPUs in one hour</comment>
        <translation>%1: %2 disewa, %3 direservasi, %4 kosong dari %5 GPU</translation>
    </message>
    <message>
        <source>Rented</source>
        <comment>GPUs of a server in an hour</comment>
        <translation>Disewa</translation>
    </message>
    <message>
        <source>Reserved</source>
        <comment>GPUs of a server in an hour</comment>
        <translation>Direservasi</translation>
    </message>
    <message>
        <source>Idle</source>
        <comment>GPUs of a server in an hour</comment>
        <translation>Kosong</translation>
    </message>
    <message>
        <source>Gone</source>
        <comment>hours of the calendar already past</comment>
        <translation>Sudah lewat</translation>
    </message>
</context>
<context>
    <name>everx::ListingDialog</name>
    <message>
        <source>Enter a price from %1 to %2 per GPU-hour.</source>
        <translation>Masukkan harga %1 sampai %2 per jam GPU.</translation>
    </message>
    <message>
        <source>Enter the server&apos;s region and how renters reach it.</source>
        <translation>Masukkan wilayah server dan cara penyewa mengaksesnya.</translation>
    </message>
    <message>
        <source>Suggested: one cent under the best offer of other providers, %1.</source>
        <translation>Saran: satu sen di bawah penawaran terbaik penyedia lain, %1.</translation>
    </message>
    <message>
        <source>Suggested: the catalog price; no other provider offers this GPU now.</source>
        <translation>Saran: harga katalog; saat ini tidak ada penyedia lain yang menawarkan GPU ini.</translation>
    </message>
</context>
<context>
    <name>everx::LoginDialog</name>
    <message>
        <source>Wrong email or password.</source>
        <translation>Email atau kata sandi salah.</translation>
    </message>
    <message>
        <source>Too many failed sign-ins. Wait a few minutes, then try again.</source>
        <translation>Terlalu banyak percobaan masuk yang gagal. Tunggu beberapa menit, lalu coba lagi.</translation>
    </message>
    <message>
        <source>The exchange did not answer. Check the connection and try again.</source>
        <translation>Bursa tidak merespons. Periksa koneksi, lalu coba lagi.</translation>
    </message>
    <message>
        <source>The exchange refused the sign-in: %1</source>
        <translation>Bursa menolak proses masuk: %1</translation>
    </message>
    <message>
        <source>Not connected to an exchange.</source>
        <translation>Tidak terhubung ke bursa.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Masuk</translation>
    </message>
    <message>
        <source>Sign in to the sandbox with an account of yours, or try it as one of its demo users.</source>
        <translation>Masuk ke sandbox dengan akun Anda, atau coba sebagai salah satu pengguna demonya.</translation>
    </message>
    <message>
        <source>Sign in to the exchange with your email and password.</source>
        <translation>Masuk ke bursa dengan email dan kata sandi Anda.</translation>
    </message>
    <message>
        <source>&amp;Email:</source>
        <translation>&amp;Email:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Kata sandi:</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Sedang masuk…</translation>
    </message>
    <message>
        <source>&amp;Sign in</source>
        <translation>&amp;Masuk</translation>
    </message>
    <message>
        <source>Use a demo account</source>
        <translation>Gunakan akun demo</translation>
    </message>
    <message>
        <source>&amp;Customer</source>
        <translation>&amp;Pelanggan</translation>
    </message>
    <message>
        <source>P&amp;rovider</source>
        <translation>Pe&amp;nyedia</translation>
    </message>
    <message>
        <source>S&amp;upport agent</source>
        <translation>Agen d&amp;ukungan</translation>
    </message>
    <message>
        <source>Create &amp;account…</source>
        <translation>Buat &amp;akun…</translation>
    </message>
</context>
<context>
    <name>everx::MainWindow</name>
    <message>
        <source>Cancel order</source>
        <translation>Batalkan pesanan</translation>
    </message>
    <message numerus="yes">
        <source>Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to your balance.</source>
        <translation>
            <numerusform>Batalkan permintaan %n GPU %1 seharga %2? Dana %3 yang ditahan akan kembali ke saldo Anda.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop rental</source>
        <translation>Hentikan penyewaan</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Ditolak: %1</translation>
    </message>
    <message>
        <source>EverX Desk</source>
        <translation>EverX Desk</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Tampilan</translation>
    </message>
    <message>
        <source>Order book</source>
        <translation>Buku pesanan</translation>
    </message>
    <message>
        <source>Open orders</source>
        <translation>Pesanan terbuka</translation>
    </message>
    <message>
        <source>Rentals</source>
        <translation>Penyewaan</translation>
    </message>
    <message>
        <source>Order ticket</source>
        <translation>Tiket pesanan</translation>
    </message>
    <message>
        <source>&amp;Cancel order…</source>
        <translation>&amp;Batalkan pesanan…</translation>
    </message>
    <message>
        <source>&amp;Stop rental…</source>
        <translation>&amp;Hentikan penyewaan…</translation>
    </message>
    <message>
        <source>Copy &amp;access details</source>
        <translation>Salin detail &amp;akses</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>Terputus</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Menghubungkan…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Terhubung</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <comment>round-trip latency</comment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>Belum masuk</translation>
    </message>
    <message>
        <source>Available %1</source>
        <comment>balance</comment>
        <translation>Tersedia %1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Bahasa</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Terang</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Gelap</translation>
    </message>
    <message>
        <source>&amp;Go to</source>
        <translation>&amp;Pergi ke</translation>
    </message>
    <message>
        <source>Market watch</source>
        <translation>Pantauan pasar</translation>
    </message>
    <message>
        <source>Preparing the sandbox market: %p%</source>
        <extracomment>%p is the percentage done, filled in by the progress bar</extracomment>
        <translation>Menyiapkan pasar sandbox: %p%</translation>
    </message>
    <message>
        <source>The exchange ended your session. Sign in again.</source>
        <translation>Bursa mengakhiri sesi Anda. Silakan masuk lagi.</translation>
    </message>
    <message numerus="yes">
        <source>Stop the rental of %n GPU(s) of %1?</source>
        <translation>
            <numerusform>Hentikan penyewaan %n GPU %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The hour under way is billed; the %n hour(s) after it are not.</source>
        <translation>
            <numerusform>Jam yang sedang berjalan tetap ditagih; %n jam sesudahnya tidak ditagih.</numerusform>
        </translation>
    </message>
    <message>
        <source>The hour under way is billed.</source>
        <translation>Jam yang sedang berjalan tetap ditagih.</translation>
    </message>
    <message>
        <source>Stop rental…</source>
        <comment>button under the rentals</comment>
        <translation>Hentikan penyewaan…</translation>
    </message>
    <message>
        <source>Order cancelled.</source>
        <translation>Pesanan dibatalkan.</translation>
    </message>
    <message>
        <source>Rental stopped.</source>
        <translation>Penyewaan dihentikan.</translation>
    </message>
    <message>
        <source>&amp;Account</source>
        <translation>Ak&amp;un</translation>
    </message>
    <message>
        <source>&amp;Change password…</source>
        <translation>&amp;Ubah kata sandi…</translation>
    </message>
    <message>
        <source>Sign out &amp;everywhere…</source>
        <translation>Keluar dari &amp;semua perangkat…</translation>
    </message>
    <message>
        <source>Demo c&amp;ustomer</source>
        <translation>Pela&amp;nggan demo</translation>
    </message>
    <message>
        <source>Demo &amp;provider</source>
        <translation>&amp;Penyedia demo</translation>
    </message>
    <message>
        <source>Demo &amp;support agent</source>
        <translation>Agen &amp;dukungan demo</translation>
    </message>
    <message>
        <source>Password changed. Every other session of the account has ended.</source>
        <translation>Kata sandi diubah. Semua sesi lain akun ini telah diakhiri.</translation>
    </message>
    <message>
        <source>Sign out everywhere</source>
        <translation>Keluar dari semua perangkat</translation>
    </message>
    <message>
        <source>Sign this account out on every desk and device, this one too?</source>
        <translation>Keluarkan akun ini dari semua aplikasi dan perangkat, termasuk yang ini?</translation>
    </message>
    <message>
        <source>Signed out everywhere.</source>
        <translation>Telah keluar dari semua perangkat.</translation>
    </message>
    <message>
        <source>Sandbox, time ×%1</source>
        <translation>Sandbox, waktu ×%1</translation>
    </message>
    <message>
        <source>The sandbox&apos;s clock goes %1 times faster than real time: a rental hour is billed every %2 real seconds. Rentals, the ledger, charts and notifications all read this clock.</source>
        <translation>Jam sandbox berjalan %1 kali lebih cepat daripada waktu nyata: satu jam penyewaan ditagih setiap %2 detik nyata. Penyewaan, buku besar, grafik, dan notifikasi semuanya memakai jam ini.</translation>
    </message>
    <message>
        <source>Reconnected to %1.</source>
        <translation>Tersambung kembali ke %1.</translation>
    </message>
    <message>
        <source>Your account was suspended by support.</source>
        <translation>Akun Anda ditangguhkan oleh tim dukungan.</translation>
    </message>
    <message>
        <source>Support rejected your provider application.</source>
        <translation>Tim dukungan menolak pendaftaran penyedia Anda.</translation>
    </message>
    <message>
        <source>Support&apos;s reason: %1</source>
        <translation>Alasan tim dukungan: %1</translation>
    </message>
    <message>
        <source>You are signed out. The account&apos;s open bids were cancelled and its listings paused; running rentals run to their end. Contact support to have it reactivated.</source>
        <translation>Anda telah keluar dari akun. Permintaan terbuka akun ini dibatalkan dan listing-nya dijeda; penyewaan yang sedang berjalan tetap berjalan sampai selesai. Hubungi tim dukungan untuk mengaktifkannya kembali.</translation>
    </message>
    <message>
        <source>You are signed out, and this account cannot sign in again. Support can tell you why.</source>
        <translation>Anda telah keluar dari akun, dan akun ini tidak dapat masuk lagi. Tim dukungan dapat menjelaskan alasannya.</translation>
    </message>
    <message>
        <source>Your account was suspended by support: %1</source>
        <translation>Akun Anda ditangguhkan oleh tim dukungan: %1</translation>
    </message>
    <message>
        <source>Account suspended</source>
        <translation>Akun ditangguhkan</translation>
    </message>
    <message>
        <source>Application rejected</source>
        <translation>Pendaftaran penyedia ditolak</translation>
    </message>
    <message>
        <source>That start has passed: choose another.</source>
        <translation>Waktu mulai itu sudah lewat: pilih yang lain.</translation>
    </message>
    <message>
        <source>Cancel reservation</source>
        <translation>Batalkan reservasi</translation>
    </message>
    <message numerus="yes">
        <source>Cancel the reservation of %n GPU(s) of %1 from %2?</source>
        <translation>
            <numerusform>Batalkan reservasi %n GPU %1 mulai %2?</numerusform>
        </translation>
    </message>
    <message>
        <source>You pay a cancellation fee of %1; %2 of the %3 held comes back.</source>
        <translation>Anda membayar biaya pembatalan %1; %2 dari %3 yang ditahan dikembalikan.</translation>
    </message>
    <message>
        <source>Reservation cancelled.</source>
        <translation>Reservasi dibatalkan.</translation>
    </message>
</context>
<context>
    <name>everx::MarketWatchModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Last</source>
        <comment>last traded price</comment>
        <translation>Terakhir</translation>
    </message>
    <message>
        <source>24h change</source>
        <translation>Perubahan 24 jam</translation>
    </message>
    <message>
        <source>24h volume</source>
        <comment>GPU-hours traded in 24 hours</comment>
        <translation>Volume 24 jam</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memori</translation>
    </message>
    <message>
        <source>BF16 TFLOPS</source>
        <translation>BF16 TFLOPS</translation>
    </message>
    <message>
        <source>%1, %2, %3 GB %4</source>
        <translation>%1, %2, %3 GB %4</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>not published</source>
        <translation>tidak dipublikasikan</translation>
    </message>
    <message>
        <source>Best bid</source>
        <translation>Permintaan terbaik</translation>
    </message>
    <message>
        <source>Best ask</source>
        <comment>the lowest offer</comment>
        <translation>Penawaran terbaik</translation>
    </message>
</context>
<context>
    <name>everx::MemoryChart</name>
    <message>
        <source>Weights</source>
        <translation>Bobot</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradien</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivasi</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logit</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Beban tambahan</translation>
    </message>
    <message>
        <source>GB per GPU</source>
        <translation>GB per GPU</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Memori per GPU</translation>
    </message>
    <message>
        <source>Choose a GPU in the results to see its memory.</source>
        <translation>Pilih GPU di hasil untuk melihat memorinya.</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <comment>GPU count × GPU name</comment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 × %2: %3 of %4 GB per GPU</source>
        <comment>GPU count × GPU name</comment>
        <translation>%1 × %2: %3 dari %4 GB per GPU</translation>
    </message>
    <message>
        <source>%1: %2 GB on one GPU, more than its %3 GB</source>
        <translation>%1: %2 GB pada satu GPU, melebihi memorinya yang %3 GB</translation>
    </message>
    <message>
        <source>%1 %2 GB</source>
        <comment>component, gigabytes</comment>
        <translation>%1 %2 GB</translation>
    </message>
</context>
<context>
    <name>everx::ModelPage</name>
    <message>
        <source>%1 parameters</source>
        <translation>%1 parameter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>A model whose shape is known, or just its parameter count.</source>
        <translation>Model yang arsitekturnya diketahui, atau cukup jumlah parameternya.</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Model</translation>
    </message>
    <message>
        <source>&amp;Parameters</source>
        <translation>&amp;Parameter</translation>
    </message>
    <message>
        <source>Other: a parameter count</source>
        <translation>Lainnya: jumlah parameter</translation>
    </message>
    <message>
        <source>70B, 7e9, 1.5T</source>
        <translation>70 miliar, 7e9, 1,5T</translation>
    </message>
    <message>
        <source>Parameter count</source>
        <translation>Jumlah parameter</translation>
    </message>
    <message>
        <source>%1 layers, hidden size %2, %3 attention heads, %4 KV heads, vocabulary %5, %6 parameters</source>
        <translation>%1 lapisan, ukuran tersembunyi %2, %3 kepala atensi, %4 kepala KV, kosakata %5, %6 parameter</translation>
    </message>
    <message numerus="yes">
        <source>(%n experts per layer, all in memory)</source>
        <translation>
            <numerusform>(%n pakar per lapisan, semuanya di memori)</numerusform>
        </translation>
    </message>
    <message>
        <source>Without the shape, the detailed mode counts weights, gradients and optimizer states only: no activations, logits or KV cache.</source>
        <translation>Tanpa arsitektur model, mode rinci hanya menghitung bobot, gradien, dan status optimizer: tanpa aktivasi, logit, atau KV cache.</translation>
    </message>
    <message>
        <source>Enter a parameter count such as 70B, 7e9 or 6738415616, at most 10^15.</source>
        <translation>Masukkan jumlah parameter seperti 70 miliar, 70B, 7e9, atau 6738415616, maksimal 10^15.</translation>
    </message>
</context>
<context>
    <name>everx::NotificationsDock</name>
    <message numerus="yes">
        <source>Notifications (%n)</source>
        <comment>unread notifications</comment>
        <translation>
            <numerusform>Notifikasi (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Notifikasi</translation>
    </message>
    <message>
        <source>&amp;Mark all read</source>
        <translation>Tandai se&amp;mua sudah dibaca</translation>
    </message>
    <message>
        <source>Show on the des&amp;ktop</source>
        <translation>Tampi&amp;lkan di desktop</translation>
    </message>
</context>
<context>
    <name>everx::NotificationsModel</name>
    <message>
        <source>Fill</source>
        <comment>notification kind: a bid of the account was filled</comment>
        <translation>Pesanan tereksekusi</translation>
    </message>
    <message>
        <source>Rental started</source>
        <translation>Penyewaan dimulai</translation>
    </message>
    <message>
        <source>Rental ended</source>
        <translation>Penyewaan berakhir</translation>
    </message>
    <message>
        <source>Low balance</source>
        <comment>notification kind: the available balance is low</comment>
        <translation>Saldo rendah</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Waktu</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>of notification</comment>
        <translation>Jenis</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>Notifikasi</translation>
    </message>
    <message>
        <source>Signed out</source>
        <comment>notification kind: the exchange ended the session</comment>
        <translation>Sesi berakhir</translation>
    </message>
    <message>
        <source>Application approved</source>
        <comment>notification kind: support approved the provider&apos;s application</comment>
        <translation>Pendaftaran penyedia disetujui</translation>
    </message>
    <message>
        <source>Application rejected</source>
        <comment>notification kind: support rejected the provider&apos;s application</comment>
        <translation>Pendaftaran penyedia ditolak</translation>
    </message>
    <message>
        <source>Top-up pending</source>
        <comment>notification kind: a top-up waits for its payment</comment>
        <translation>Isi saldo menunggu</translation>
    </message>
    <message>
        <source>Top-up credited</source>
        <comment>notification kind: a paid top-up reached the balance</comment>
        <translation>Isi saldo masuk</translation>
    </message>
    <message>
        <source>Top-up expired</source>
        <comment>notification kind: a top-up was not paid in time</comment>
        <translation>Isi saldo kedaluwarsa</translation>
    </message>
    <message>
        <source>Top-up paid late</source>
        <comment>notification kind: paid after it expired; support credits or refunds it</comment>
        <translation>Isi saldo dibayar terlambat</translation>
    </message>
    <message>
        <source>Top-up refunded</source>
        <comment>notification kind: support refunded a late payment</comment>
        <translation>Isi saldo dikembalikan</translation>
    </message>
    <message>
        <source>Window reserved</source>
        <comment>notification kind: GPUs reserved for a window ahead</comment>
        <translation>Jendela direservasi</translation>
    </message>
    <message>
        <source>Window starts soon</source>
        <comment>notification kind: a reserved window starts in a day or an hour</comment>
        <translation>Jendela segera dimulai</translation>
    </message>
    <message>
        <source>Reservation cancelled</source>
        <comment>notification kind: a window reserved ahead was cancelled before its start</comment>
        <translation>Reservasi dibatalkan</translation>
    </message>
</context>
<context>
    <name>everx::OpenOrdersModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Filled</source>
        <comment>GPUs of the bid filled so far</comment>
        <translation>Tereksekusi</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Jam</translation>
    </message>
    <message>
        <source>Held</source>
        <comment>money held for the bid</comment>
        <translation>Ditahan</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Kedaluwarsa</translation>
    </message>
    <message>
        <source>until cancelled</source>
        <translation>hingga dibatalkan</translation>
    </message>
</context>
<context>
    <name>everx::OrderBookModel</name>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <comment>cumulative GPUs from the best price</comment>
        <translation>Total</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pesanan</translation>
    </message>
    <message>
        <source>One server</source>
        <comment>the most GPUs one server offers at an ask level</comment>
        <translation>Satu server</translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message>
        <source>Sign in to trade.</source>
        <translation>Masuk untuk bertransaksi.</translation>
    </message>
    <message>
        <source>Choose a GPU in the market watch.</source>
        <translation>Pilih GPU di pantauan pasar.</translation>
    </message>
    <message>
        <source>Enter a price per GPU-hour, like %1.</source>
        <translation>Masukkan harga per jam GPU, misalnya %1.</translation>
    </message>
    <message>
        <source>The price can be at most %1 per GPU-hour.</source>
        <translation>Harga maksimal %1 per jam GPU.</translation>
    </message>
    <message>
        <source>This needs %1; %2 is available. Top up, or ask for fewer GPUs or hours.</source>
        <translation>Dibutuhkan %1; tersedia %2. Isi saldo, atau kurangi jumlah GPU atau jam.</translation>
    </message>
    <message>
        <source>Confirm order</source>
        <translation>Konfirmasi pesanan</translation>
    </message>
    <message>
        <source>Subtotal %1
Tax %2
Total held %3
Balance after %4
Prices exclude tax; rentals are billed hourly.</source>
        <translation>Subtotal %1
Pajak %2
Total ditahan %3
Sisa saldo %4
Harga belum termasuk pajak; penyewaan ditagih per jam.</translation>
    </message>
    <message>
        <source>Order refused: %1</source>
        <translation>Pesanan ditolak: %1</translation>
    </message>
    <message>
        <source>Order placed.</source>
        <translation>Pesanan terkirim.</translation>
    </message>
    <message>
        <source>&amp;Buy now</source>
        <comment>take the best offers at once</comment>
        <translation>&amp;Beli sekarang</translation>
    </message>
    <message>
        <source>B&amp;id</source>
        <comment>place a bid at your price</comment>
        <translation>&amp;Permintaan</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>&amp;GPUs</source>
        <translation>Jumlah &amp;GPU</translation>
    </message>
    <message>
        <source>&amp;Hours</source>
        <translation>&amp;Jam</translation>
    </message>
    <message>
        <source>&amp;Price per GPU-hour</source>
        <translation>&amp;Harga per jam GPU</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>Subtotal</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>Pajak</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation>Sisa saldo</translation>
    </message>
    <message>
        <source>Place order…</source>
        <translation>Kirim pesanan…</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>Harga per jam GPU</translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n jam</numerusform>
        </translation>
    </message>
    <message>
        <source>Offline: the connection to the exchange dropped. Orders can be placed again once the desk is live.</source>
        <translation>Luring: koneksi ke bursa terputus. Pesanan dapat diajukan lagi setelah data kembali real-time.</translation>
    </message>
    <message>
        <source>P&amp;lacement</source>
        <comment>where an order&apos;s GPUs may come from</comment>
        <translation>&amp;Lokasi GPU</translation>
    </message>
    <message>
        <source>Placement</source>
        <comment>where an order&apos;s GPUs may come from</comment>
        <translation>Lokasi GPU</translation>
    </message>
    <message>
        <source>Best offer</source>
        <translation>Penawaran terbaik</translation>
    </message>
    <message>
        <source>Any servers</source>
        <comment>an order&apos;s placement</comment>
        <translation>Server mana saja</translation>
    </message>
    <message>
        <source>One server</source>
        <comment>an order&apos;s placement</comment>
        <translation>Satu server</translation>
    </message>
    <message>
        <source>One cluster</source>
        <comment>an order&apos;s placement</comment>
        <translation>Satu klaster</translation>
    </message>
    <message>
        <source>The GPUs may come from several servers, even far apart: for jobs that need no fast link between GPUs.</source>
        <translation>GPU boleh berasal dari beberapa server, bahkan yang berjauhan: untuk pekerjaan yang tidak memerlukan tautan cepat antar-GPU.</translation>
    </message>
    <message>
        <source>All the GPUs from one server, or none: for a model split over GPUs.</source>
        <translation>Semua GPU dari satu server, atau tidak sama sekali: untuk model yang dibagi ke beberapa GPU.</translation>
    </message>
    <message>
        <source>All the GPUs from servers of one provider&apos;s cluster, or none.</source>
        <translation>Semua GPU dari server-server satu klaster milik satu penyedia, atau tidak sama sekali.</translation>
    </message>
    <message>
        <source>No offers</source>
        <translation>Tidak ada penawaran</translation>
    </message>
    <message numerus="yes">
        <source>%1; for %n on one server: %2</source>
        <extracomment>%1 the best offer; %2 the best price for the GPUs on one server, or &quot;none&quot;</extracomment>
        <translation>
            <numerusform>%1; untuk %n pada satu server: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <comment>no server offers that many GPUs</comment>
        <translation>tidak ada</translation>
    </message>
    <message numerus="yes">
        <source>No one server offers %n GPU(s) now.</source>
        <translation>
            <numerusform>Saat ini tidak ada satu server pun yang menawarkan %n GPU.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No one cluster offers %n GPU(s) now.</source>
        <translation>
            <numerusform>Saat ini tidak ada satu klaster pun yang menawarkan %n GPU.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fewer than %n GPU(s) are offered now.</source>
        <translation>
            <numerusform>Saat ini yang ditawarkan kurang dari %n GPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>The exchange could not price this order: %1</source>
        <translation>Bursa tidak dapat menghitung harga pesanan ini: %1</translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation>Tanyakan lagi</translation>
    </message>
    <message>
        <source>from any servers</source>
        <comment>where the GPUs come from</comment>
        <translation>dari server mana saja</translation>
    </message>
    <message>
        <source>all on one server</source>
        <comment>where the GPUs come from</comment>
        <translation>semuanya pada satu server</translation>
    </message>
    <message>
        <source>all in one cluster</source>
        <comment>where the GPUs come from</comment>
        <translation>semuanya dalam satu klaster</translation>
    </message>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2, %3.</source>
        <extracomment>%1 is the GPU&apos;s name, %2 a number of hours (&quot;3 hours&quot;), %3 where the GPUs come from</extracomment>
        <translation>
            <numerusform>Beli sekarang %n GPU %1 selama %2, %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Average price %1 per GPU-hour (at most %2), from %n server(s)</source>
        <translation>
            <numerusform>Harga rata-rata %1 per jam GPU (paling tinggi %2), dari %n server</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 at %3 per GPU-hour, %4.</source>
        <extracomment>%1 is the GPU&apos;s name, %2 a number of hours (&quot;3 hours&quot;), %3 the bid&apos;s price, %4 where the GPUs come from</extracomment>
        <translation>
            <numerusform>Pasang permintaan %n GPU %1 selama %2 seharga %3 per jam GPU, %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Order placed: %1 of %n GPU(s) filled; the rest is released.</source>
        <translation>
            <numerusform>Pesanan ditempatkan: %1 dari %n GPU terisi; dana sisanya dikembalikan.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing filled: the best offer is now %1 per GPU-hour.</source>
        <translation>Tidak ada yang terisi: penawaran terbaik sekarang %1 per jam GPU.</translation>
    </message>
    <message>
        <source>Buy at %1…</source>
        <translation>Beli seharga %1…</translation>
    </message>
    <message>
        <source>Nothing filled.</source>
        <translation>Tidak ada yang terisi.</translation>
    </message>
    <message>
        <source>The price must be above zero: at least %1 per GPU-hour.</source>
        <translation>Harga harus lebih dari nol: paling sedikit %1 per jam GPU.</translation>
    </message>
    <message>
        <source>Enter the price as a number, like %1.</source>
        <translation>Masukkan harga sebagai angka, misalnya %1.</translation>
    </message>
    <message>
        <source>Prices are in whole cents: at most two decimals, like %1.</source>
        <translation>Harga dalam sen utuh: paling banyak dua angka desimal, misalnya %1.</translation>
    </message>
    <message>
        <source>Use a comma for decimals: %1</source>
        <translation>Gunakan koma untuk desimal: %1</translation>
    </message>
    <message>
        <source>Use a point for decimals: %1</source>
        <comment>the decimal sign &apos;.&apos;</comment>
        <translation>Gunakan titik untuk desimal: %1</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <comment>when a rental starts</comment>
        <translation>&amp;Waktu mulai</translation>
    </message>
    <message>
        <source>Start</source>
        <comment>when a rental starts</comment>
        <translation>Mulai</translation>
    </message>
    <message>
        <source>Now, or a whole hour from the next one to 14 days ahead, on your clock (UTC beside it).</source>
        <translation>Sekarang, atau satu jam penuh dari jam berikutnya hingga 14 hari ke depan, menurut jam Anda (UTC di sampingnya).</translation>
    </message>
    <message>
        <source>The start you chose has passed: the order starts now unless you choose another.</source>
        <translation>Waktu mulai yang Anda pilih sudah lewat: pesanan dimulai sekarang kecuali Anda memilih yang lain.</translation>
    </message>
    <message>
        <source>Starts now.</source>
        <comment>an order&apos;s rental</comment>
        <translation>Mulai sekarang.</translation>
    </message>
    <message>
        <source>Starts %1.</source>
        <comment>an order&apos;s rental</comment>
        <extracomment>%1 the start&apos;s day and hour, and the same in UTC (&quot;Mon 7 Dec 10:00 (09:00 UTC)&quot;)</extracomment>
        <translation>Mulai %1.</translation>
    </message>
    <message numerus="yes">
        <source>The start must be a whole hour from the next one to %n day(s) ahead: choose another.</source>
        <translation>
            <numerusform>Waktu mulai harus satu jam penuh dari jam berikutnya hingga %n hari ke depan: pilih yang lain.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::PasswordDialog</name>
    <message>
        <source>Change password</source>
        <translation>Ubah kata sandi</translation>
    </message>
    <message>
        <source>Every other place where this account is signed in is signed out; this desk stays signed in.</source>
        <translation>Akun ini dikeluarkan dari semua tempat lain; aplikasi ini tetap masuk.</translation>
    </message>
    <message>
        <source>&amp;Current password:</source>
        <translation>Kata sandi &amp;saat ini:</translation>
    </message>
    <message>
        <source>&amp;New password:</source>
        <translation>Kata sandi &amp;baru:</translation>
    </message>
    <message>
        <source>&amp;Repeat the new password:</source>
        <translation>&amp;Ulangi kata sandi baru:</translation>
    </message>
    <message>
        <source>Changing…</source>
        <translation>Mengubah…</translation>
    </message>
    <message>
        <source>C&amp;hange password</source>
        <translation>Ubah kata sa&amp;ndi</translation>
    </message>
    <message>
        <source>Enter the password you sign in with now.</source>
        <translation>Masukkan kata sandi yang Anda gunakan untuk masuk saat ini.</translation>
    </message>
    <message numerus="yes">
        <source>Use at least %n character(s).</source>
        <translation>
            <numerusform>Gunakan paling sedikit %n karakter.</numerusform>
        </translation>
    </message>
    <message>
        <source>This password is too long.</source>
        <translation>Kata sandi ini terlalu panjang.</translation>
    </message>
    <message>
        <source>This password is one of the most common ones. Choose another.</source>
        <translation>Kata sandi ini termasuk yang paling umum. Pilih yang lain.</translation>
    </message>
    <message>
        <source>The two new passwords differ.</source>
        <translation>Kedua kata sandi baru berbeda.</translation>
    </message>
    <message>
        <source>This is not your current password.</source>
        <translation>Ini bukan kata sandi Anda saat ini.</translation>
    </message>
    <message>
        <source>The exchange refuses this password: %1</source>
        <translation>Bursa menolak kata sandi ini: %1</translation>
    </message>
    <message>
        <source>The password was not changed: %1</source>
        <translation>Kata sandi tidak diubah: %1</translation>
    </message>
    <message>
        <source>A password of spaces or invisible characters only is not allowed.</source>
        <translation>Kata sandi yang hanya berisi spasi atau karakter tak terlihat tidak diizinkan.</translation>
    </message>
    <message>
        <source>One character repeated is too easy to guess. Choose another.</source>
        <translation>Satu karakter yang diulang terlalu mudah ditebak. Pilih yang lain.</translation>
    </message>
    <message>
        <source>The password may not contain the name of your email address.</source>
        <translation>Kata sandi tidak boleh memuat nama alamat email Anda.</translation>
    </message>
</context>
<context>
    <name>everx::PayoutDialog</name>
    <message>
        <source>Your earnings: %1. A payout is paid by bank transfer once support has checked it.</source>
        <translation>Pendapatan Anda: %1. Pencairan dibayar lewat transfer bank setelah diperiksa tim dukungan.</translation>
    </message>
    <message>
        <source>Enter an amount from %1 to %2.</source>
        <translation>Masukkan jumlah %1 sampai %2.</translation>
    </message>
</context>
<context>
    <name>everx::PayoutsModel</name>
    <message>
        <source>Requested</source>
        <comment>payout state</comment>
        <translation>Diajukan</translation>
    </message>
    <message>
        <source>Paid</source>
        <comment>payout state</comment>
        <translation>Dibayar</translation>
    </message>
    <message>
        <source>Rejected</source>
        <comment>payout state</comment>
        <translation>Ditolak</translation>
    </message>
    <message>
        <source>Requested</source>
        <comment>when a payout was asked for</comment>
        <translation>Diajukan pada</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Jumlah</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Reference</source>
        <comment>of a bank transfer</comment>
        <translation>Referensi</translation>
    </message>
    <message>
        <source>Settled</source>
        <comment>when a payout was paid or rejected</comment>
        <translation>Diselesaikan</translation>
    </message>
</context>
<context>
    <name>everx::PendingTopUpsModel</name>
    <message>
        <source>Reference</source>
        <comment>of a payment</comment>
        <translation>Referensi</translation>
    </message>
    <message>
        <source>To pay</source>
        <translation>Tagihan</translation>
    </message>
    <message>
        <source>Credited</source>
        <comment>what a top-up credits, in USD</comment>
        <translation>Dikreditkan</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Kedaluwarsa</translation>
    </message>
</context>
<context>
    <name>everx::PriceChart</name>
    <message>
        <source>%1   O %2   H %3   L %4   C %5   Vol %6 GPU-h</source>
        <comment>candle readout: start time, open, high, low, close, volume in GPU-hours</comment>
        <translation>%1   Buka %2   Tinggi %3   Rendah %4   Tutup %5   Vol %6 jam GPU</translation>
    </message>
    <message>
        <source>Price chart</source>
        <translation>Grafik harga</translation>
    </message>
    <message>
        <source>Candlestick chart with volume</source>
        <translation>Grafik lilin dengan volume</translation>
    </message>
    <message>
        <source>One-minute candles</source>
        <translation>Lilin satu menit</translation>
    </message>
    <message>
        <source>Five-minute candles</source>
        <translation>Lilin lima menit</translation>
    </message>
    <message>
        <source>Hourly candles</source>
        <translation>Lilin per jam</translation>
    </message>
    <message>
        <source>Daily candles</source>
        <translation>Lilin harian</translation>
    </message>
    <message>
        <source>1m</source>
        <comment>one-minute candles</comment>
        <translation>1m</translation>
    </message>
    <message>
        <source>5m</source>
        <comment>five-minute candles</comment>
        <translation>5m</translation>
    </message>
    <message>
        <source>1h</source>
        <comment>hourly candles</comment>
        <translation>1j</translation>
    </message>
    <message>
        <source>1d</source>
        <comment>daily candles</comment>
        <translation>1 hari</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Atur ulang zoom</translation>
    </message>
    <message>
        <source>Show the latest candles again (double-click or Home)</source>
        <translation>Tampilkan lagi lilin terbaru (klik dua kali atau Home)</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Harga</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Volume</translation>
    </message>
</context>
<context>
    <name>everx::ProviderListingsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Rented</source>
        <comment>GPUs of a listing that are rented</comment>
        <translation>Disewa</translation>
    </message>
    <message>
        <source>Idle</source>
        <comment>GPUs of a listing that are not rented</comment>
        <translation>Kosong</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>Vs best offer</source>
        <comment>a listing&apos;s price minus the best offer of its GPU</comment>
        <translation>Selisih dari penawaran terbaik</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Wilayah</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <comment>access details of a server</comment>
        <translation>Titik akses</translation>
    </message>
    <message>
        <source>Earnings</source>
        <comment>what a listing has earned to date</comment>
        <translation>Pendapatan</translation>
    </message>
    <message>
        <source>Active</source>
        <comment>listing state</comment>
        <translation>Aktif</translation>
    </message>
    <message>
        <source>Paused</source>
        <comment>listing state</comment>
        <translation>Dijeda</translation>
    </message>
    <message>
        <source>Removed</source>
        <comment>listing state</comment>
        <translation>Dihapus</translation>
    </message>
    <message>
        <source>at best</source>
        <comment>a listing priced at the best offer</comment>
        <translation>penawaran terbaik</translation>
    </message>
    <message>
        <source>Cluster</source>
        <comment>servers of one provider joined by a fast network</comment>
        <translation>Klaster</translation>
    </message>
    <message>
        <source>%1 (%2, %3 Gb/s)</source>
        <extracomment>a cluster&apos;s name, its network (InfiniBand, RoCE, Ethernet) and the network&apos;s speed</extracomment>
        <translation>%1 (%2, %3 Gb/s)</translation>
    </message>
</context>
<context>
    <name>everx::ProviderWorkspace</name>
    <message>
        <source>Earnings: %1</source>
        <translation>Pendapatan: %1</translation>
    </message>
    <message>
        <source>Waiting to be paid: %1</source>
        <translation>Menunggu dibayar: %1</translation>
    </message>
    <message>
        <source>Today: %1</source>
        <translation>Hari ini: %1</translation>
    </message>
    <message>
        <source>7 days: %1</source>
        <translation>7 hari: %1</translation>
    </message>
    <message>
        <source>30 days: %1</source>
        <translation>30 hari: %1</translation>
    </message>
    <message>
        <source>This listing has rented GPUs, so it cannot be removed now. Pause it, and remove it when its rentals have ended.</source>
        <translation>Listing ini punya GPU yang sedang disewa, jadi belum bisa dihapus. Jeda dulu, lalu hapus setelah penyewaannya selesai.</translation>
    </message>
    <message>
        <source>The listing is already in that state.</source>
        <translation>Listing sudah dalam status itu.</translation>
    </message>
    <message>
        <source>The exchange did not answer; try again.</source>
        <translation>Bursa tidak menjawab; coba lagi.</translation>
    </message>
    <message>
        <source>The exchange refused: %1</source>
        <translation>Bursa menolak: %1</translation>
    </message>
    <message>
        <source>Listing added.</source>
        <translation>Listing ditambahkan.</translation>
    </message>
    <message>
        <source>Payout of %1 requested.</source>
        <translation>Pencairan %1 diajukan.</translation>
    </message>
    <message>
        <source>Export earnings</source>
        <translation>Ekspor pendapatan</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>File CSV (*.csv)</translation>
    </message>
    <message>
        <source>Earnings written to %1.</source>
        <translation>Pendapatan ditulis ke %1.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Tidak dapat menulis %1: %2</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 hari</translation>
    </message>
    <message>
        <source>30 days</source>
        <translation>30 hari</translation>
    </message>
    <message>
        <source>90 days</source>
        <translation>90 hari</translation>
    </message>
    <message>
        <source>Taken out of the cluster.</source>
        <translation>Dikeluarkan dari klaster.</translation>
    </message>
    <message>
        <source>In cluster %1.</source>
        <translation>Dalam klaster %1.</translation>
    </message>
    <message>
        <source>%1 x %2 in %3 at %4 per GPU-hour</source>
        <translation>%1 x %2 di %3 seharga %4 per jam GPU</translation>
    </message>
    <message>
        <source>Remove listings</source>
        <translation>Hapus listing</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n listing(s)? Their idle GPUs leave the book at once, and a removed listing cannot be restored.</source>
        <translation>
            <numerusform>Hapus %n listing? GPU yang menganggur langsung keluar dari buku pesanan, dan listing yang dihapus tidak dapat dipulihkan.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Hapus</translation>
    </message>
    <message>
        <source>90 days: %1</source>
        <translation>90 hari: %1</translation>
    </message>
    <message>
        <source>Your application is waiting for approval. Until support approves it you can watch the market; adding and changing listings and payouts open once it is approved.</source>
        <translation>Pendaftaran penyedia Anda menunggu persetujuan. Sampai tim dukungan menyetujuinya, Anda dapat memantau pasar; menambah dan mengubah listing serta pencairan terbuka setelah disetujui.</translation>
    </message>
    <message>
        <source>Your application was not approved, so this account cannot list servers. Support can tell you why.</source>
        <translation>Pendaftaran penyedia Anda tidak disetujui, jadi akun ini tidak dapat memasang listing server. Tim dukungan dapat menjelaskan alasannya.</translation>
    </message>
    <message>
        <source>Your provider application is approved: you can list servers now.</source>
        <translation>Pendaftaran penyedia Anda disetujui: sekarang Anda dapat memasang listing server.</translation>
    </message>
    <message>
        <source>Your provider application was rejected.</source>
        <translation>Pendaftaran penyedia Anda ditolak.</translation>
    </message>
    <message>
        <source>#%1: %2 x %3, %4</source>
        <comment>a listing: its number, GPUs, model and region</comment>
        <translation>#%1: %2 x %3, %4</translation>
    </message>
    <message numerus="yes">
        <source>Booked ahead on this server: %1 in %n window(s); on all: %2</source>
        <comment>earnings of reserved windows, less the platform fee</comment>
        <translation>
            <numerusform>Pendapatan terpesan di server ini: %1 dari %n jendela; di semua server: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::RentalsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Mulai</translation>
    </message>
    <message>
        <source>Hours left</source>
        <translation>Sisa jam</translation>
    </message>
    <message>
        <source>Cost so far</source>
        <translation>Biaya sejauh ini</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Akses</translation>
    </message>
    <message>
        <source>Region: %1</source>
        <translation>Wilayah: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <comment>hours left</comment>
        <translation>
            <numerusform>%n jam</numerusform>
        </translation>
    </message>
    <message>
        <source>Reserved from %1</source>
        <comment>a window ahead&apos;s start</comment>
        <translation>Direservasi mulai %1</translation>
    </message>
    <message>
        <source>under a minute</source>
        <comment>time until a window starts</comment>
        <translation>kurang dari semenit</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <comment>days and hours until a window starts</comment>
        <translation>%1 hari %2 jam</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <comment>hours and minutes until a window starts</comment>
        <translation>%1 jam %2 mnt</translation>
    </message>
    <message>
        <source>%1 min</source>
        <comment>minutes until a window starts</comment>
        <translation>%1 mnt</translation>
    </message>
    <message numerus="yes">
        <source>%n h, starts in %1</source>
        <comment>a reserved window&apos;s hours and the time to its start</comment>
        <translation>
            <numerusform>%n jam, mulai dalam %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::RepriceDialog</name>
    <message>
        <source>A price (USD per GPU-hour)</source>
        <translation>Harga tertentu (USD per jam GPU)</translation>
    </message>
    <message>
        <source>The best offer</source>
        <translation>Penawaran terbaik</translation>
    </message>
    <message>
        <source>The best offer minus a percentage</source>
        <translation>Penawaran terbaik dikurangi persentase</translation>
    </message>
    <message>
        <source>The best offer minus an amount (USD)</source>
        <translation>Penawaran terbaik dikurangi jumlah (USD)</translation>
    </message>
    <message numerus="yes">
        <source>%n listing(s) selected.</source>
        <translation>
            <numerusform>%n listing dipilih.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no new price (no offer to follow, or out of range)</source>
        <translation>%1: tidak ada harga baru (tidak ada penawaran untuk diikuti, atau di luar rentang)</translation>
    </message>
    <message>
        <source>%1: %2 to %3</source>
        <translation>%1: %2 menjadi %3</translation>
    </message>
</context>
<context>
    <name>everx::ResultsPage</name>
    <message>
        <source>Results</source>
        <translation>Hasil</translation>
    </message>
    <message>
        <source>Every GPU ranked by fit and live price. Choose one to see its memory, then bid for it.</source>
        <translation>Semua GPU diurutkan menurut kecocokan dan harga real-time. Pilih salah satu untuk melihat memorinya, lalu pasang permintaan.</translation>
    </message>
    <message>
        <source>&amp;Assumptions</source>
        <translation>&amp;Asumsi</translation>
    </message>
    <message>
        <source>GPUs ranked by fit and price</source>
        <translation>GPU diurutkan menurut kecocokan dan harga</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>, quick rule</source>
        <translation>, aturan cepat</translation>
    </message>
    <message>
        <source>, %1 tokens × %2</source>
        <comment>sequence length × micro-batch</comment>
        <translation>, %1 token × %2</translation>
    </message>
    <message>
        <source>No GPU fits within your limits; the table says why for each.</source>
        <translation>Tidak ada GPU yang cocok dalam batas Anda; tabel menunjukkan alasannya untuk tiap GPU.</translation>
    </message>
    <message>
        <source>This GPU does not fit the workload.</source>
        <translation>GPU ini tidak cocok untuk beban kerja tersebut.</translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n jam</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run needs %n hour(s), more than one bid covers: bid again when it ends, or choose GPUs that need fewer hours.</source>
        <translation>
            <numerusform>Proses ini membutuhkan %n jam, lebih dari yang dapat dicakup satu permintaan: pasang permintaan lagi saat berakhir, atau pilih GPU yang membutuhkan lebih sedikit jam.</numerusform>
        </translation>
    </message>
    <message>
        <source>The run&apos;s %1 h, rounded up: rentals are billed per started hour.</source>
        <translation>%1 jam proses ini, dibulatkan ke atas: penyewaan ditagih per jam yang dimulai.</translation>
    </message>
    <message>
        <source>Without its TFLOPS the run cannot be timed: the hours are those to rent.</source>
        <translation>Tanpa angka TFLOPS-nya durasi proses tidak dapat dihitung: jamnya adalah jam sewa yang Anda pilih.</translation>
    </message>
    <message>
        <source>%1 × %2 %3</source>
        <comment>GPU count × GPU name, placement</comment>
        <translation>%1 × %2 %3</translation>
    </message>
    <message>
        <source>Best now: %1, %2 for the whole run (%3 h, tax included).</source>
        <translation>Terbaik saat ini: %1, %2 untuk seluruh proses (%3 jam, termasuk pajak).</translation>
    </message>
    <message>
        <source>Best now: %1 at %2 per hour.</source>
        <translation>Terbaik saat ini: %1 seharga %2 per jam.</translation>
    </message>
    <message>
        <source>Best: %1; nobody offers it right now.</source>
        <translation>Terbaik: %1; saat ini belum ada yang menawarkannya.</translation>
    </message>
    <message>
        <source>Bid for %1 for %2 at %3 per GPU-hour, the best offer.</source>
        <translation>Pasang permintaan %1 selama %2 seharga %3 per jam GPU, penawaran terbaik.</translation>
    </message>
    <message>
        <source>Bid for %1 for %2 at %3 per GPU-hour; nobody offers it now.</source>
        <translation>Pasang permintaan %1 selama %2 seharga %3 per jam GPU; saat ini belum ada yang menawarkannya.</translation>
    </message>
    <message numerus="yes">
        <source>The book cannot take %n GPU(s) %1 now.</source>
        <translation>
            <numerusform>Buku order saat ini tidak dapat menampung %n GPU %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The book quotes %1 for %n GPU(s) %2 for %3, tax included.</source>
        <comment>total, GPUs, placement, hours</comment>
        <translation>
            <numerusform>Buku order memberi harga %1 untuk %n GPU %2 selama %3, termasuk pajak.</numerusform>
        </translation>
    </message>
    <message>
        <source>on any servers</source>
        <translation>di server mana pun</translation>
    </message>
    <message>
        <source>on one server</source>
        <translation>dalam satu server</translation>
    </message>
    <message numerus="yes">
        <source>on a cluster of %n server(s)</source>
        <translation>
            <numerusform>dalam klaster %n server</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As asked it needs %n GPU(s)</source>
        <comment>the run as the user asked it</comment>
        <translation>
            <numerusform>Sesuai yang diminta, proses ini butuh %n GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>As asked it fits on no number of GPUs</source>
        <translation>Sesuai yang diminta, proses ini tidak muat di berapa pun jumlah GPU</translation>
    </message>
    <message>
        <source>%1: the plan uses full recomputation and tensor parallelism %2 inside a server.</source>
        <translation>%1: rencana ini memakai rekomputasi penuh dan paralelisme tensor %2 di dalam satu server.</translation>
    </message>
    <message>
        <source>%1: the plan uses tensor parallelism %2 inside a server.</source>
        <translation>%1: rencana ini memakai paralelisme tensor %2 di dalam satu server.</translation>
    </message>
    <message>
        <source>%1: the plan uses full recomputation.</source>
        <translation>%1: rencana ini memakai rekomputasi penuh.</translation>
    </message>
    <message>
        <source>Opens the order ticket with this GPU, the GPU count, the hours and the best offer as the bid price, to start now.</source>
        <translation>Membuka tiket pesanan dengan GPU ini, jumlah GPU, jam, dan penawaran terbaik sebagai harga permintaan, untuk mulai sekarang.</translation>
    </message>
    <message>
        <source>Start &amp;now</source>
        <comment>a bid&apos;s start</comment>
        <translation>&amp;Mulai sekarang</translation>
    </message>
    <message>
        <source>Opens the order ticket as &quot;Start now&quot; does, to start at the cheapest start hour the exchange offers.</source>
        <translation>Membuka tiket pesanan seperti &quot;Mulai sekarang&quot;, untuk mulai pada jam mulai termurah yang ditawarkan bursa.</translation>
    </message>
    <message>
        <source>%1 in all</source>
        <comment>a run&apos;s total, tax included</comment>
        <translation>%1 seluruhnya</translation>
    </message>
    <message>
        <source>nothing free now</source>
        <translation>tidak ada yang kosong sekarang</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Cheapest start in the next %n day(s)</source>
        <translation>
            <numerusform>Mulai &amp;termurah dalam %n hari ke depan</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 in all</source>
        <comment>a start and the run&apos;s total</comment>
        <extracomment>%1 a start (&quot;Mon 7 Dec 10:00 (09:00 UTC)&quot;), %2 the run&apos;s total with tax</extracomment>
        <translation>%1: %2 seluruhnya</translation>
    </message>
    <message>
        <source>nothing free for the whole run</source>
        <translation>tidak ada yang kosong untuk seluruh proses</translation>
    </message>
</context>
<context>
    <name>everx::RunPage</name>
    <message>
        <source>Run shape</source>
        <translation>Konfigurasi proses</translation>
    </message>
    <message>
        <source>How the run is laid out. The defaults suit the workload.</source>
        <translation>Cara proses disusun. Nilai bawaan sudah sesuai dengan beban kerja.</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Estimasi</translation>
    </message>
    <message>
        <source>&amp;Detailed</source>
        <translation>&amp;Rinci</translation>
    </message>
    <message>
        <source>Q&amp;uick rule</source>
        <translation>Aturan ce&amp;pat</translation>
    </message>
    <message>
        <source>&amp;Sequence length (tokens)</source>
        <translation>Panjang s&amp;ekuens (token)</translation>
    </message>
    <message>
        <source>Concurrent se&amp;quences</source>
        <translation>Sekuens &amp;bersamaan</translation>
    </message>
    <message>
        <source>Micro-ba&amp;tch per GPU</source>
        <translation>&amp;Mikro-batch per GPU</translation>
    </message>
    <message>
        <source>&amp;Checkpointing</source>
        <translation>&amp;Checkpointing</translation>
    </message>
    <message>
        <source>Sh&amp;arding</source>
        <translation>Sh&amp;arding</translation>
    </message>
    <message>
        <source>&amp;Gradients</source>
        <translation>&amp;Gradien</translation>
    </message>
    <message>
        <source>Activations and the KV cache grow with the sequence length.</source>
        <translation>Aktivasi dan KV cache bertambah seiring panjang sekuens.</translation>
    </message>
    <message>
        <source>Sequences served at once; each has its KV cache.</source>
        <translation>Sekuens yang dilayani sekaligus; masing-masing memiliki KV cache sendiri.</translation>
    </message>
    <message>
        <source>Sequences per GPU per step; gradient accumulation makes up the global batch.</source>
        <translation>Sekuens per GPU per langkah; akumulasi gradien membentuk batch global.</translation>
    </message>
    <message>
        <source>None: keep every activation (fastest, most memory)</source>
        <translation>Tanpa: simpan semua aktivasi (tercepat, memori terbanyak)</translation>
    </message>
    <message>
        <source>Selective: recompute attention, as FlashAttention does</source>
        <translation>Selektif: hitung ulang atensi, seperti FlashAttention</translation>
    </message>
    <message>
        <source>Full: gradient checkpointing (slower, least memory)</source>
        <translation>Penuh: checkpointing gradien (lebih lambat, memori paling sedikit)</translation>
    </message>
    <message>
        <source>DDP: a full copy on every GPU</source>
        <translation>DDP: salinan lengkap di setiap GPU</translation>
    </message>
    <message>
        <source>ZeRO-1: optimizer states sharded</source>
        <translation>ZeRO-1: status optimizer dipecah</translation>
    </message>
    <message>
        <source>ZeRO-2: optimizer states and gradients sharded</source>
        <translation>ZeRO-2: status optimizer dan gradien dipecah</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: everything sharded</source>
        <translation>ZeRO-3 / FSDP: semuanya dipecah</translation>
    </message>
    <message>
        <source>2 bytes (bf16 / fp16)</source>
        <translation>2 byte (bf16 / fp16)</translation>
    </message>
    <message>
        <source>4 bytes (fp32)</source>
        <translation>4 byte (fp32)</translation>
    </message>
    <message>
        <source>Bytes per gradient element; mixed precision keeps 2.</source>
        <translation>Byte per elemen gradien; presisi campuran memakai 2.</translation>
    </message>
    <message>
        <source>Quick: EverXCloud&apos;s published rule of bytes per parameter, counting %1% of memory; only the parameter count matters.</source>
        <translation>Cepat: aturan byte per parameter dari halaman produk EverXCloud, dengan menghitung %1% memori; hanya jumlah parameter yang berpengaruh.</translation>
    </message>
    <message>
        <source>Detailed: 16-bit weights and the KV cache of every sequence, split over the GPUs, plus a %1% reserve.</source>
        <translation>Rinci: bobot 16-bit dan KV cache setiap sekuens, dibagi ke semua GPU, ditambah cadangan %1%.</translation>
    </message>
    <message>
        <source>Detailed: weights, gradients, optimizer states, activations and logits from published formulas, plus a %1% reserve on top (%2% of memory usable).</source>
        <translation>Rinci: bobot, gradien, status optimizer, aktivasi, dan logit dari rumus yang dipublikasikan, ditambah cadangan %1% di atasnya (%2% memori dapat dipakai).</translation>
    </message>
</context>
<context>
    <name>everx::ServerConnector</name>
    <message>
        <source>Enter the server&apos;s address, for example wss://exchange.example.com:7447.</source>
        <translation>Masukkan alamat server, misalnya wss://exchange.example.com:7447.</translation>
    </message>
    <message>
        <source>“%1” is not a server address.</source>
        <translation>“%1” bukan alamat server.</translation>
    </message>
    <message>
        <source>The address must start with wss:// (or ws:// for this computer only).</source>
        <translation>Alamat harus diawali wss:// (atau ws:// khusus untuk komputer ini).</translation>
    </message>
    <message>
        <source>ws:// is not encrypted, so it is accepted only for this computer (localhost). Use wss://%1 for %2.</source>
        <translation>ws:// tidak terenkripsi, sehingga hanya diterima untuk komputer ini (localhost). Gunakan wss://%1 untuk %2.</translation>
    </message>
    <message>
        <source>Give at most %1 addresses, separated by commas.</source>
        <translation>Masukkan paling banyak %1 alamat, dipisahkan koma.</translation>
    </message>
    <message>
        <source>Address %1 of the list is empty: separate the addresses with single commas.</source>
        <translation>Alamat ke-%1 dalam daftar kosong: pisahkan alamat dengan satu koma.</translation>
    </message>
    <message>
        <source>Address %1 of the list: %2</source>
        <translation>Alamat ke-%1 dalam daftar: %2</translation>
    </message>
    <message>
        <source>%1 is in the list twice.</source>
        <translation>%1 ada dua kali dalam daftar.</translation>
    </message>
</context>
<context>
    <name>everx::SignUpDialog</name>
    <message>
        <source>Create account</source>
        <translation>Buat akun</translation>
    </message>
    <message>
        <source>A customer account trades at once. A provider account lists GPU servers once support has approved it.</source>
        <translation>Akun pelanggan dapat langsung bertransaksi. Akun penyedia dapat mencantumkan server GPU setelah disetujui tim dukungan.</translation>
    </message>
    <message>
        <source>&amp;Email:</source>
        <translation>&amp;Email:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Kata sandi:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nama:</translation>
    </message>
    <message>
        <source>C&amp;ountry:</source>
        <translation>Neg&amp;ara:</translation>
    </message>
    <message>
        <source>Account for:</source>
        <translation>Akun untuk:</translation>
    </message>
    <message>
        <source>Renting &amp;GPUs</source>
        <translation>Menyewa &amp;GPU</translation>
    </message>
    <message>
        <source>Selling GPU &amp;hours (provider)</source>
        <translation>Menjual &amp;jam GPU (penyedia)</translation>
    </message>
    <message>
        <source>Co&amp;mpany:</source>
        <translation>Pe&amp;rusahaan:</translation>
    </message>
    <message>
        <source>Creating…</source>
        <translation>Membuat…</translation>
    </message>
    <message>
        <source>&amp;Create account</source>
        <translation>&amp;Buat akun</translation>
    </message>
    <message>
        <source>Enter your email address.</source>
        <translation>Masukkan alamat email Anda.</translation>
    </message>
    <message numerus="yes">
        <source>Use at least %n character(s).</source>
        <translation>
            <numerusform>Gunakan paling sedikit %n karakter.</numerusform>
        </translation>
    </message>
    <message>
        <source>This password is too long.</source>
        <translation>Kata sandi ini terlalu panjang.</translation>
    </message>
    <message>
        <source>This password is one of the most common ones. Choose another.</source>
        <translation>Kata sandi ini termasuk yang paling umum. Pilih yang lain.</translation>
    </message>
    <message>
        <source>Enter the name others will see.</source>
        <translation>Masukkan nama yang akan dilihat orang lain.</translation>
    </message>
    <message>
        <source>A provider account needs its company&apos;s name.</source>
        <translation>Akun penyedia memerlukan nama perusahaannya.</translation>
    </message>
    <message>
        <source>The exchange refuses this password: %1</source>
        <translation>Bursa menolak kata sandi ini: %1</translation>
    </message>
    <message>
        <source>The exchange does not serve this country.</source>
        <translation>Bursa tidak melayani negara ini.</translation>
    </message>
    <message>
        <source>This exchange does not take new accounts. Ask its operator.</source>
        <translation>Bursa ini tidak menerima akun baru. Tanyakan kepada operatornya.</translation>
    </message>
    <message>
        <source>Too many attempts from this address. Wait a minute, then try again.</source>
        <translation>Terlalu banyak percobaan dari alamat ini. Tunggu satu menit, lalu coba lagi.</translation>
    </message>
    <message>
        <source>The exchange did not answer. Check the connection and try again.</source>
        <translation>Bursa tidak merespons. Periksa koneksi, lalu coba lagi.</translation>
    </message>
    <message>
        <source>The exchange refused the account: %1</source>
        <translation>Bursa menolak akun ini: %1</translation>
    </message>
    <message>
        <source>Confirmation co&amp;de:</source>
        <translation>Ko&amp;de konfirmasi:</translation>
    </message>
    <message>
        <source>Confirming…</source>
        <translation>Mengonfirmasi…</translation>
    </message>
    <message>
        <source>&amp;Confirm address</source>
        <translation>&amp;Konfirmasi alamat</translation>
    </message>
    <message>
        <source>A password of spaces or invisible characters only is not allowed.</source>
        <translation>Kata sandi yang hanya berisi spasi atau karakter tak terlihat tidak diizinkan.</translation>
    </message>
    <message>
        <source>One character repeated is too easy to guess. Choose another.</source>
        <translation>Satu karakter yang diulang terlalu mudah ditebak. Pilih yang lain.</translation>
    </message>
    <message>
        <source>The password may not contain the name of your email address.</source>
        <translation>Kata sandi tidak boleh memuat nama alamat email Anda.</translation>
    </message>
    <message numerus="yes">
        <source>Enter the %n-digit code from the mail.</source>
        <translation>
            <numerusform>Masukkan kode %n digit dari email.</numerusform>
        </translation>
    </message>
    <message>
        <source>A mail is on its way to %1 with a confirmation code, valid for 24 hours. Enter it here. If the address has an account already, the mail says so instead.</source>
        <translation>Email berisi kode konfirmasi yang berlaku 24 jam sedang dikirim ke %1. Masukkan kode itu di sini. Jika alamat ini sudah memiliki akun, email itu akan memberitahukannya.</translation>
    </message>
    <message>
        <source>Sandbox: no mail leaves this computer. Your confirmation code is %1.</source>
        <translation>Sandbox: tidak ada email yang keluar dari komputer ini. Kode konfirmasi Anda: %1.</translation>
    </message>
    <message>
        <source>Sandbox: no mail leaves this computer. This address has an account already; its owner would have been told: “%1”</source>
        <translation>Sandbox: tidak ada email yang keluar dari komputer ini. Alamat ini sudah memiliki akun; pemiliknya akan diberi tahu: “%1”</translation>
    </message>
    <message>
        <source>The exchange refused the code: %1</source>
        <translation>Bursa menolak kode: %1</translation>
    </message>
    <message>
        <source>This address has an account that your password does not open. Sign in instead.</source>
        <translation>Alamat ini memiliki akun yang tidak terbuka dengan kata sandi Anda. Silakan masuk.</translation>
    </message>
</context>
<context>
    <name>everx::SizingResultsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory of one GPU</source>
        <translation>Memori satu GPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memori</translation>
    </message>
    <message>
        <source>Whether some number of these GPUs holds the workload</source>
        <translation>Apakah sejumlah GPU ini dapat menampung beban kerja</translation>
    </message>
    <message>
        <source>Fits</source>
        <comment>whether the workload fits</comment>
        <translation>Cocok</translation>
    </message>
    <message>
        <source>How many of these GPUs the workload needs</source>
        <translation>Berapa banyak GPU ini yang dibutuhkan beban kerja</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Memory the workload needs on each GPU, reserve included</source>
        <translation>Memori yang dibutuhkan beban kerja di setiap GPU, termasuk cadangan</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <comment>memory needed on each GPU</comment>
        <translation>Per GPU</translation>
    </message>
    <message>
        <source>All the GPUs needed, at the best offer now, excluding tax</source>
        <translation>Semua GPU yang dibutuhkan, dengan penawaran terbaik saat ini, belum termasuk pajak</translation>
    </message>
    <message>
        <source>Price per hour</source>
        <translation>Harga per jam</translation>
    </message>
    <message>
        <source>Dense BF16 TFLOPS per dollar-hour: more is better</source>
        <translation>TFLOPS BF16 padat per dolar per jam: makin tinggi makin baik</translation>
    </message>
    <message>
        <source>TFLOPS per $/h</source>
        <comment>dense BF16 TFLOPS per dollar-hour</comment>
        <translation>TFLOPS per $/jam</translation>
    </message>
    <message>
        <source>Why a GPU that fits is left out by your limits</source>
        <translation>Alasan GPU yang cocok dikecualikan oleh batas Anda</translation>
    </message>
    <message>
        <source>Excluded because</source>
        <translation>Dikecualikan karena</translation>
    </message>
    <message>
        <source>%1, %2, %3 GB %4, %5</source>
        <translation>%1, %2, %3 GB %4, %5</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) at the best offer of %1 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU dengan penawaran terbaik %1 per jam GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ya</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Tidak</translation>
    </message>
    <message>
        <source>no offers</source>
        <comment>nobody offers this GPU now</comment>
        <translation>tidak ada penawaran</translation>
    </message>
    <message>
        <source>not published</source>
        <translation>tidak dipublikasikan</translation>
    </message>
    <message numerus="yes">
        <source>Does not fit: the quick rule needs more than %n GPU(s)</source>
        <translation>
            <numerusform>Tidak cocok: aturan cepat membutuhkan lebih dari %n GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Does not fit at any count up to %n GPU(s): memory that every GPU keeps (activations, unsharded states) is larger than one GPU</source>
        <translation>
            <numerusform>Tidak cocok dengan jumlah berapa pun hingga %n GPU: memori yang disimpan setiap GPU (aktivasi, status yang tidak dipecah) lebih besar daripada satu GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>needs %n GPU(s), more than your limit of %1</source>
        <translation>
            <numerusform>membutuhkan %n GPU, melebihi batas Anda (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 per hour is over your budget of %2</source>
        <translation>%1 per jam melebihi anggaran Anda (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) joined only by %1, no NVLink or Infinity Fabric</source>
        <translation>
            <numerusform>%n GPU hanya terhubung lewat %1, tanpa NVLink atau Infinity Fabric</numerusform>
        </translation>
    </message>
    <message>
        <source>The GPU limit must be at least 1.</source>
        <translation>Batas GPU minimal 1.</translation>
    </message>
    <message>
        <source>The budget must be more than zero.</source>
        <translation>Anggaran harus lebih dari nol.</translation>
    </message>
    <message>
        <source>Quick mode has no rule for inference: use the detailed mode.</source>
        <translation>Mode cepat tidak memiliki aturan untuk inferensi: gunakan mode rinci.</translation>
    </message>
    <message>
        <source>Give the model&apos;s parameter count.</source>
        <translation>Masukkan jumlah parameter model.</translation>
    </message>
    <message>
        <source>Quick mode: %1 bytes per parameter, EverXCloud&apos;s published rule, shared evenly by the GPUs; sequence length, batch and sharding are not modelled.</source>
        <translation>Mode cepat: %1 byte per parameter, aturan dari halaman produk EverXCloud, dibagi rata ke semua GPU; panjang sekuens, batch, dan sharding tidak dimodelkan.</translation>
    </message>
    <message>
        <source>AdamW in mixed precision: %1 bytes per parameter, 2 for weights, %2 for gradients, 12 for the fp32 master copy, momentum and variance (ZeRO paper).</source>
        <translation>AdamW dalam presisi campuran: %1 byte per parameter, 2 untuk bobot, %2 untuk gradien, 12 untuk salinan induk fp32, momentum, dan varians (makalah ZeRO).</translation>
    </message>
    <message>
        <source>LoRA: the frozen base stays in 16 bit, 2 bytes per parameter, with no gradients or optimizer states (LoRA paper).</source>
        <translation>LoRA: model dasar yang dibekukan tetap dalam 16 bit, 2 byte per parameter, tanpa gradien atau status optimizer (makalah LoRA).</translation>
    </message>
    <message>
        <source>Adapters of rank %1 on every projection train with AdamW: 16 bytes per adapter parameter, well under 1% of the model.</source>
        <translation>Adaptor dengan rank %1 pada setiap proyeksi dilatih dengan AdamW: 16 byte per parameter adaptor, jauh di bawah 1% dari model.</translation>
    </message>
    <message>
        <source>QLoRA: the base&apos;s projections in 4-bit NF4 with double quantisation, 0.52 bytes per parameter; embeddings and output layer stay 16-bit (QLoRA paper).</source>
        <translation>QLoRA: proyeksi model dasar dalam NF4 4-bit dengan kuantisasi ganda, 0,52 byte per parameter; lapisan penyematan dan lapisan keluaran tetap 16-bit (makalah QLoRA).</translation>
    </message>
    <message>
        <source>Inference: 16-bit weights, 2 bytes per parameter, split evenly over the GPUs.</source>
        <translation>Inferensi: bobot 16-bit, 2 byte per parameter, dibagi rata ke semua GPU.</translation>
    </message>
    <message numerus="yes">
        <source>KV cache for %1 tokens × %n sequence(s): keys and values of every layer, grouped-query heads counted once (GQA paper).</source>
        <translation>
            <numerusform>KV cache untuk %1 token × %n sekuens: kunci dan nilai setiap lapisan, kepala kueri berkelompok dihitung sekali (makalah GQA).</numerusform>
        </translation>
    </message>
    <message>
        <source>The KV cache is not counted: it needs the model&apos;s shape (choose a preset).</source>
        <translation>KV cache tidak dihitung: perlu arsitektur model (pilih prasetel).</translation>
    </message>
    <message>
        <source>Plain data parallel: every GPU holds all weights, gradients and optimizer states, so more GPUs do not lower memory per GPU.</source>
        <translation>Paralelisme data biasa: setiap GPU menyimpan semua bobot, gradien, dan status optimizer, sehingga menambah GPU tidak mengurangi memori per GPU.</translation>
    </message>
    <message>
        <source>ZeRO-1: the optimizer states are split over the GPUs; weights and gradients are on every GPU.</source>
        <translation>ZeRO-1: status optimizer dibagi ke semua GPU; bobot dan gradien ada di setiap GPU.</translation>
    </message>
    <message>
        <source>ZeRO-2: optimizer states and gradients are split over the GPUs; the weights are on every GPU.</source>
        <translation>ZeRO-2: status optimizer dan gradien dibagi ke semua GPU; bobot ada di setiap GPU.</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: weights, gradients and optimizer states are split over the GPUs, so more GPUs need less memory each.</source>
        <translation>ZeRO-3 / FSDP: bobot, gradien, dan status optimizer dibagi ke semua GPU, sehingga makin banyak GPU, makin sedikit memori yang dibutuhkan masing-masing.</translation>
    </message>
    <message>
        <source>No checkpointing: every activation is kept, attention scores included (Korthikanti et al.): fastest, most memory.</source>
        <translation>Tanpa checkpointing: semua aktivasi disimpan, termasuk skor atensi (Korthikanti dkk.): tercepat, memori terbanyak.</translation>
    </message>
    <message>
        <source>Selective recomputation: attention is recomputed in the backward pass, as FlashAttention does (Korthikanti et al.).</source>
        <translation>Rekomputasi selektif: atensi dihitung ulang pada lintasan mundur, seperti FlashAttention (Korthikanti dkk.).</translation>
    </message>
    <message>
        <source>Full checkpointing: only each layer&apos;s input is kept and the rest recomputed: slower steps, far less memory (Korthikanti et al.).</source>
        <translation>Checkpointing penuh: hanya masukan setiap lapisan yang disimpan dan sisanya dihitung ulang: langkah lebih lambat, memori jauh lebih sedikit (Korthikanti dkk.).</translation>
    </message>
    <message>
        <source>Activations grow with sequence length × micro-batch: %1 tokens × %2 per GPU, and stay on every GPU however many there are.</source>
        <translation>Aktivasi bertambah seiring panjang sekuens × mikro-batch: %1 token × %2 per GPU, dan tetap ada di setiap GPU berapa pun jumlahnya.</translation>
    </message>
    <message>
        <source>Activations are not counted: they need the model&apos;s shape (choose a preset).</source>
        <translation>Aktivasi tidak dihitung: perlu arsitektur model (pilih prasetel).</translation>
    </message>
    <message>
        <source>Logits in fp32 for the loss: 4 bytes × tokens × vocabulary of %1.</source>
        <translation>Logit dalam fp32 untuk fungsi kerugian: 4 byte × token × kosakata sebesar %1.</translation>
    </message>
    <message>
        <source>Mixture of experts: all %1 experts of each layer are in memory, though a token uses only some of them.</source>
        <translation>Campuran pakar: semua %1 pakar di setiap lapisan berada di memori, meskipun satu token hanya memakai sebagian.</translation>
    </message>
    <message>
        <source>Price per hour: the GPUs needed × the best offer now, excluding tax; it follows the market.</source>
        <translation>Harga per jam: GPU yang dibutuhkan × penawaran terbaik saat ini, belum termasuk pajak; mengikuti pasar.</translation>
    </message>
    <message>
        <source>Value: dense BF16 TFLOPS per dollar-hour (sparsity doubles the published figure, so it is left out).</source>
        <translation>Nilai: TFLOPS BF16 padat per dolar per jam (kejarangan menggandakan angka yang dipublikasikan, jadi tidak disertakan).</translation>
    </message>
    <message>
        <source>Several GPUs need NVLink or Infinity Fabric: a sharded job exchanges gradients every step, and PCIe slows it down.</source>
        <translation>Beberapa GPU memerlukan NVLink atau Infinity Fabric: pekerjaan yang dipecah bertukar gradien di setiap langkah, dan PCIe memperlambatnya.</translation>
    </message>
    <message>
        <source>Ranked: GPUs within your limits first, then fewer GPUs (one GPU needs no interconnect), then the lower price.</source>
        <translation>Urutan: GPU dalam batas Anda lebih dulu, lalu jumlah GPU yang lebih sedikit (satu GPU tidak memerlukan interkoneksi), lalu harga yang lebih rendah.</translation>
    </message>
    <message>
        <source>Wall-clock hours of the whole run on the GPUs needed</source>
        <translation>Jam nyata seluruh proses pada GPU yang dibutuhkan</translation>
    </message>
    <message>
        <source>Run time</source>
        <comment>wall-clock hours of the whole run</comment>
        <translation>Durasi proses</translation>
    </message>
    <message>
        <source>Run cost</source>
        <comment>cost of the whole run</comment>
        <translation>Biaya proses</translation>
    </message>
    <message numerus="yes">
        <source>%1 GPU-hours: rent %n hour(s) on the GPUs needed</source>
        <translation>
            <numerusform>%1 jam GPU: sewa %n jam pada GPU yang dibutuhkan</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h</source>
        <comment>hours</comment>
        <translation>%1 jam</translation>
    </message>
    <message>
        <source>TFLOPS not published</source>
        <translation>TFLOPS tidak dipublikasikan</translation>
    </message>
    <message>
        <source>The tokens must be a count up to 10^15.</source>
        <translation>Jumlah token harus berupa bilangan sampai 10^15.</translation>
    </message>
    <message>
        <source>The utilisation must be more than 0 and at most 1.</source>
        <translation>Utilisasi harus lebih dari 0 dan paling banyak 1.</translation>
    </message>
    <message>
        <source>A reserve of %1% on top of the weights and the KV cache for the CUDA/ROCm context, allocator fragmentation and workspaces (drawn as overhead): Transformer Math 101 (EleutherAI) gives inference memory as about 1.2× the model&apos;s.</source>
        <translation>Cadangan %1% di atas bobot dan KV cache untuk konteks CUDA/ROCm, fragmentasi alokator, dan ruang kerja (ditampilkan sebagai beban tambahan): Transformer Math 101 (EleutherAI) menyebut memori inferensi sekitar 1,2× memori model.</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 8 × parameters × tokens, a forward pass, a backward pass of twice its cost (Kaplan et al. 2020) and the forward pass again for full checkpointing (Narayanan et al. 2021).</source>
        <translation>Proses: %1 token, %2 FLOP: 8 × parameter × token, satu lintasan maju, lintasan mundur dengan biaya dua kalinya (Kaplan dkk. 2020), dan lintasan maju sekali lagi untuk checkpointing penuh (Narayanan dkk. 2021).</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 6 × parameters × tokens, a forward pass and a backward pass of twice its cost (Kaplan et al. 2020).</source>
        <translation>Proses: %1 token, %2 FLOP: 6 × parameter × token, satu lintasan maju dan lintasan mundur dengan biaya dua kalinya (Kaplan dkk. 2020).</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 6 × parameters × tokens, as the frozen base needs no weight gradients (Narayanan et al. 2021) and full checkpointing repeats the forward pass, plus the adapters&apos; own.</source>
        <translation>Proses: %1 token, %2 FLOP: 6 × parameter × token, karena model dasar yang dibekukan tidak memerlukan gradien bobot (Narayanan dkk. 2021) dan checkpointing penuh mengulang lintasan maju, ditambah FLOP adaptor itu sendiri.</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 4 × parameters × tokens, as the frozen base needs no weight gradients (Narayanan et al. 2021), plus the adapters&apos; own.</source>
        <translation>Proses: %1 token, %2 FLOP: 4 × parameter × token, karena model dasar yang dibekukan tidak memerlukan gradien bobot (Narayanan dkk. 2021), ditambah FLOP adaptor itu sendiri.</translation>
    </message>
    <message>
        <source>QLoRA&apos;s 4-bit weights are unpacked in every pass: that costs time the FLOPs do not count, so expect a QLoRA run to take longer.</source>
        <translation>Bobot 4-bit QLoRA dibongkar di setiap lintasan: itu memakan waktu yang tidak dihitung FLOP, jadi proses QLoRA akan berjalan lebih lama.</translation>
    </message>
    <message>
        <source>The run: %1 tokens processed, %2 FLOPs: 2 × parameters per token (Kaplan et al. 2020). Serving few sequences at once is limited by memory bandwidth, so it takes longer than this.</source>
        <translation>Proses: %1 token diproses, %2 FLOP: 2 × parameter per token (Kaplan dkk. 2020). Melayani sedikit sekuens sekaligus dibatasi oleh lebar pita memori, jadi waktunya lebih lama dari ini.</translation>
    </message>
    <message>
        <source>Run time: the FLOPs at %1% of each GPU&apos;s dense BF16 TFLOPS, as large published runs achieved (Llama 3 405B: 38–43%), spread over the GPUs needed; GPUs whose TFLOPS are not published get no time.</source>
        <translation>Durasi proses: FLOP pada %1% dari TFLOPS BF16 padat setiap GPU, seperti yang dicapai pelatihan besar yang dipublikasikan (Llama 3 405B: 38–43%), dibagi ke GPU yang dibutuhkan; GPU yang TFLOPS-nya tidak dipublikasikan tidak mendapat durasi.</translation>
    </message>
    <message>
        <source>Ranked: GPUs within your limits first, then the lower cost of the whole run, then fewer GPUs.</source>
        <translation>Urutan: GPU dalam batas Anda lebih dulu, lalu biaya seluruh proses yang lebih rendah, lalu jumlah GPU yang lebih sedikit.</translation>
    </message>
    <message>
        <source>How the run is set up to fit: recomputation and tensor parallelism</source>
        <translation>Cara proses diatur agar muat: rekomputasi dan paralelisme tensor</translation>
    </message>
    <message>
        <source>Plan</source>
        <comment>how the run is set up: recomputation, tensor parallelism</comment>
        <translation>Rencana</translation>
    </message>
    <message>
        <source>Where the GPUs must be: on one server, in a cluster of servers, or on any servers</source>
        <translation>Di mana GPU harus berada: dalam satu server, dalam klaster server, atau di server mana pun</translation>
    </message>
    <message>
        <source>Placement</source>
        <comment>where the GPUs of a run must be</comment>
        <translation>Penempatan</translation>
    </message>
    <message>
        <source>What the order for the whole run will hold: the GPUs for its hours rounded up, at the best offer now, tax included</source>
        <translation>Yang akan ditahan oleh pesanan untuk seluruh proses: GPU selama jam proses yang dibulatkan ke atas, dengan penawaran terbaik saat ini, termasuk pajak</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) × %1 h × %2 = %3, plus %4 tax: %5, what the order will hold</source>
        <comment>GPUs × whole hours × price per GPU-hour</comment>
        <translation>
            <numerusform>%n GPU × %1 jam × %2 = %3, ditambah pajak %4: %5, yang akan ditahan oleh pesanan</numerusform>
        </translation>
    </message>
    <message>
        <source>not published</source>
        <comment>the GPU&apos;s TFLOPS, so the run has no cost</comment>
        <translation>tidak dipublikasikan</translation>
    </message>
    <message>
        <source>no recomputation</source>
        <translation>tanpa rekomputasi</translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation>rekomputasi selektif</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>rekomputasi penuh</translation>
    </message>
    <message>
        <source>%1, tensor parallel %2</source>
        <comment>recomputation, tensor-parallel degree</comment>
        <translation>%1, paralel tensor %2</translation>
    </message>
    <message>
        <source>%1 (to fit)</source>
        <comment>a plan changed from the question so that the run fits</comment>
        <translation>%1 (agar muat)</translation>
    </message>
    <message>
        <source>Quick mode counts bytes per parameter only: it plans no recomputation or tensor parallelism.</source>
        <translation>Mode cepat hanya menghitung byte per parameter: tidak merencanakan rekomputasi atau paralelisme tensor.</translation>
    </message>
    <message>
        <source>Serving: the weights and the KV cache are split over the GPUs.</source>
        <translation>Inferensi: bobot dan KV cache dibagi ke semua GPU.</translation>
    </message>
    <message numerus="yes">
        <source>As you asked: the run fits %n GPU(s) this way.</source>
        <translation>
            <numerusform>Sesuai yang Anda minta: proses ini muat di %n GPU dengan cara ini.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As asked, the run needs %n GPU(s).</source>
        <translation>
            <numerusform>Sesuai yang diminta, proses ini butuh %n GPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>As asked, the run fits at no GPU count: the activations every GPU keeps are larger than its memory.</source>
        <translation>Sesuai yang diminta, proses ini tidak muat di berapa pun jumlah GPU: aktivasi yang disimpan setiap GPU lebih besar daripada memorinya.</translation>
    </message>
    <message>
        <source>Tensor parallelism with sequence parallelism splits each layer and its activations over %1 GPUs of one server (Korthikanti et al. 2022).</source>
        <translation>Paralelisme tensor dengan paralelisme sekuens membagi setiap lapisan dan aktivasinya ke %1 GPU dalam satu server (Korthikanti dkk. 2022).</translation>
    </message>
    <message>
        <source>Full recomputation keeps only each layer&apos;s input and computes the rest again in the backward pass: a third more FLOPs (Narayanan et al. 2021).</source>
        <translation>Rekomputasi penuh hanya menyimpan input setiap lapisan dan menghitung ulang sisanya pada lintasan mundur: FLOP sepertiga lebih banyak (Narayanan dkk. 2021).</translation>
    </message>
    <message numerus="yes">
        <source>So it needs %n GPU(s).</source>
        <translation>
            <numerusform>Jadi proses ini butuh %n GPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>any servers</source>
        <translation>server mana pun</translation>
    </message>
    <message>
        <source>one server</source>
        <translation>satu server</translation>
    </message>
    <message numerus="yes">
        <source>cluster of %n server(s)</source>
        <translation>
            <numerusform>klaster %n server</numerusform>
        </translation>
    </message>
    <message>
        <source>Every GPU holds the whole base model and only the adapters&apos; gradients cross between them: the GPUs may be on different servers.</source>
        <translation>Setiap GPU menyimpan seluruh model dasar dan hanya gradien adapter yang berpindah antar-GPU: GPU boleh berada di server yang berbeda.</translation>
    </message>
    <message numerus="yes">
        <source>All %n GPU(s) on one server: they exchange the model&apos;s weights, gradients or activations at every step.</source>
        <translation>
            <numerusform>Semua %n GPU dalam satu server: GPU-GPU itu bertukar bobot, gradien, atau aktivasi model di setiap langkah.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s), more than the largest server of %1: servers of one provider&apos;s cluster, joined by one fabric.</source>
        <translation>
            <numerusform>%n GPU, lebih banyak daripada server terbesar berisi %1: server-server dari klaster satu penyedia, yang terhubung oleh satu jaringan.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1% of each GPU&apos;s memory is usable: the rest is the CUDA/ROCm context, allocator fragmentation and workspaces (drawn as overhead).</source>
        <translation>%1% memori setiap GPU dapat dipakai: sisanya untuk konteks CUDA/ROCm, fragmentasi alokator, dan ruang kerja (ditampilkan sebagai beban tambahan).</translation>
    </message>
    <message>
        <source>The plan: when the run as asked does not fit one server within your limit, tensor parallelism splits each layer over 2 to %1 GPUs of one server (NVLink or Infinity Fabric only), then full recomputation keeps only each layer&apos;s input; the Plan column says what it chose.</source>
        <translation>Rencana: bila proses sesuai yang diminta tidak muat di satu server dalam batas Anda, paralelisme tensor membagi setiap lapisan ke 2 sampai %1 GPU dalam satu server (hanya NVLink atau Infinity Fabric), lalu rekomputasi penuh hanya menyimpan input setiap lapisan; kolom Rencana menyebutkan pilihannya.</translation>
    </message>
    <message>
        <source>Placement: the GPUs on one server when they fit the largest server the GPU comes in, a cluster of one provider&apos;s servers past that, and any servers only for LoRA and QLoRA on PCIe cards, where every GPU holds the whole base model.</source>
        <translation>Penempatan: GPU dalam satu server bila jumlahnya muat di server terbesar untuk GPU itu, klaster server satu penyedia bila lebih, dan server mana pun hanya untuk LoRA dan QLoRA pada kartu PCIe, yang setiap GPU-nya menyimpan seluruh model dasar.</translation>
    </message>
    <message>
        <source>Where the plan chose full recomputation, the run counts the forward pass again: %1 × parameters × tokens.</source>
        <translation>Bila rencana memilih rekomputasi penuh, proses menghitung lintasan maju sekali lagi: %1 × parameter × token.</translation>
    </message>
    <message>
        <source>Run cost: what the order will hold, the GPUs × the run&apos;s hours rounded up × the best offer now plus %1% tax, and ranked by it. Rentals are billed per started hour, so a bid is for the run&apos;s hours rounded up.</source>
        <translation>Biaya proses: yang akan ditahan oleh pesanan, GPU × jam proses yang dibulatkan ke atas × penawaran terbaik saat ini ditambah pajak %1%, dan diurutkan berdasarkan biaya itu. Penyewaan ditagih per jam yang dimulai, jadi permintaan dipasang untuk jam proses yang dibulatkan ke atas.</translation>
    </message>
</context>
<context>
    <name>everx::SizingWizard</name>
    <message>
        <source>Choose a model or enter its parameter count.</source>
        <translation>Pilih model atau masukkan jumlah parameternya.</translation>
    </message>
    <message>
        <source>The budget per hour does not read as an amount.</source>
        <translation>Anggaran per jam tidak terbaca sebagai jumlah uang.</translation>
    </message>
    <message>
        <source>full training</source>
        <translation>pelatihan penuh</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>inferensi</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Alat</translation>
    </message>
    <message>
        <source>Workload &amp;wizard…</source>
        <translation>&amp;Panduan beban kerja…</translation>
    </message>
    <message>
        <source>Which GPUs fit a workload, how many, and what they cost now.</source>
        <translation>GPU mana yang cocok untuk beban kerja, berapa banyak, dan berapa biayanya saat ini.</translation>
    </message>
    <message>
        <source>Workload wizard</source>
        <translation>Panduan beban kerja</translation>
    </message>
    <message>
        <source>The tokens do not read as a count.</source>
        <translation>Jumlah token tidak terbaca sebagai bilangan.</translation>
    </message>
    <message>
        <source>trillion</source>
        <comment>a number word typed after a count (parameters, tokens): 10^12</comment>
        <translation>triliun</translation>
    </message>
    <message>
        <source>billion</source>
        <comment>a number word typed after a count (parameters, tokens): 10^9, a thousand million</comment>
        <translation>miliar</translation>
    </message>
    <message>
        <source>million</source>
        <comment>a number word typed after a count (parameters, tokens): 10^6</comment>
        <translation>juta</translation>
    </message>
    <message>
        <source>thousand</source>
        <comment>a number word typed after a count (parameters, tokens): 10^3</comment>
        <translation>ribu</translation>
    </message>
</context>
<context>
    <name>everx::StaleBanner</name>
    <message>
        <source>Not live since %1</source>
        <translation>Data tidak real-time sejak %1</translation>
    </message>
    <message>
        <source>%1 — resynchronising…</source>
        <translation>%1 — menyinkronkan ulang…</translation>
    </message>
    <message>
        <source>%1 — reconnecting…</source>
        <translation>%1 — menghubungkan ulang…</translation>
    </message>
    <message numerus="yes">
        <source>%1 — reconnecting in %n s</source>
        <translation>
            <numerusform>%1 — menghubungkan ulang dalam %n dtk</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::StartCostChart</name>
    <message>
        <source>The exchange could not price the starts: %1</source>
        <translation>Bursa tidak dapat menghitung harga waktu mulai: %1</translation>
    </message>
    <message>
        <source>Choose a GPU: the chart shows what the ticket&apos;s order costs at each start.</source>
        <translation>Pilih GPU: grafik menunjukkan biaya pesanan di tiket pada setiap waktu mulai.</translation>
    </message>
    <message>
        <source>Asking the exchange what each start costs…</source>
        <translation>Menanyakan ke bursa biaya setiap waktu mulai…</translation>
    </message>
    <message>
        <source>Start %1: %2 in all, tax included. Click to choose it.</source>
        <translation>Mulai %1: %2 seluruhnya, termasuk pajak. Klik untuk memilihnya.</translation>
    </message>
    <message>
        <source>Start %1: nothing is free for the whole run.</source>
        <translation>Mulai %1: tidak ada yang kosong untuk seluruh proses.</translation>
    </message>
    <message numerus="yes">
        <source>No start in the next %n day(s) has the GPUs free for the whole run.</source>
        <translation>
            <numerusform>Tidak ada waktu mulai dalam %n hari ke depan yang GPU-nya kosong untuk seluruh proses.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cheapest start: %1, %2 in all, tax included.</source>
        <extracomment>%1 a start (&quot;Mon 7 Dec 10:00 (09:00 UTC)&quot;), %2 the run&apos;s total with tax</extracomment>
        <translation>Mulai termurah: %1, %2 seluruhnya, termasuk pajak.</translation>
    </message>
    <message>
        <source>Cost by start</source>
        <translation>Biaya per waktu mulai</translation>
    </message>
    <message>
        <source>Cost of the ticket&apos;s order at each start hour</source>
        <translation>Biaya pesanan di tiket pada setiap jam mulai</translation>
    </message>
</context>
<context>
    <name>everx::StartText</name>
    <message>
        <source>%1 %2 UTC</source>
        <extracomment>A start of a rental on a computer whose clock is UTC: %1 the day (&quot;Mon 7 Dec&quot;), %2 its hour</extracomment>
        <translation>%1 %2 UTC</translation>
    </message>
    <message>
        <source>%1 %2 (%3 UTC)</source>
        <extracomment>A start of a rental: %1 the day (&quot;Mon 7 Dec&quot;), %2 its hour on the user&apos;s clock, %3 the same moment&apos;s hour in UTC</extracomment>
        <translation>%1 %2 (%3 UTC)</translation>
    </message>
    <message>
        <source>Now</source>
        <comment>a rental&apos;s start</comment>
        <translation>Sekarang</translation>
    </message>
</context>
<context>
    <name>everx::SupportTableModel</name>
    <message>
        <source>open</source>
        <comment>order state</comment>
        <translation>terbuka</translation>
    </message>
    <message>
        <source>filled</source>
        <comment>order state</comment>
        <translation>tereksekusi</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>order state</comment>
        <translation>dibatalkan</translation>
    </message>
    <message>
        <source>expired</source>
        <comment>order state</comment>
        <translation>kedaluwarsa</translation>
    </message>
    <message>
        <source>running</source>
        <comment>rental state</comment>
        <translation>berjalan</translation>
    </message>
    <message>
        <source>ended</source>
        <comment>rental state</comment>
        <translation>selesai</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>rental state</comment>
        <translation>dihentikan</translation>
    </message>
    <message>
        <source>active</source>
        <comment>listing state</comment>
        <translation>aktif</translation>
    </message>
    <message>
        <source>paused</source>
        <comment>listing state</comment>
        <translation>dijeda</translation>
    </message>
    <message>
        <source>removed</source>
        <comment>listing state</comment>
        <translation>dihapus</translation>
    </message>
    <message>
        <source>customer</source>
        <comment>account role</comment>
        <translation>pelanggan</translation>
    </message>
    <message>
        <source>provider</source>
        <comment>account role</comment>
        <translation>penyedia</translation>
    </message>
    <message>
        <source>support</source>
        <comment>account role</comment>
        <translation>dukungan</translation>
    </message>
    <message>
        <source>Account opened</source>
        <translation>Akun dibuka</translation>
    </message>
    <message>
        <source>Adjustment</source>
        <translation>Penyesuaian</translation>
    </message>
    <message>
        <source>Adjustment requested</source>
        <translation>Penyesuaian diajukan</translation>
    </message>
    <message>
        <source>Adjustment approved</source>
        <translation>Penyesuaian disetujui</translation>
    </message>
    <message>
        <source>Adjustment declined</source>
        <translation>Penyesuaian ditolak</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Catatan</translation>
    </message>
    <message>
        <source>pending</source>
        <comment>adjustment state</comment>
        <translation>menunggu</translation>
    </message>
    <message>
        <source>approved</source>
        <comment>adjustment state</comment>
        <translation>disetujui</translation>
    </message>
    <message>
        <source>declined</source>
        <comment>adjustment state</comment>
        <translation>ditolak</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Akun</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>Email</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Peran</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>Negara</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Sejak</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Entri</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Waktu</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Jenis</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>Pos</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Jumlah</translation>
    </message>
    <message>
        <source>Memo</source>
        <translation>Catatan</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Pesanan</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Filled</source>
        <translation>Tereksekusi</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Harga</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Jam</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Placed</source>
        <translation>Dipasang</translation>
    </message>
    <message>
        <source>Rental</source>
        <translation>Penyewaan</translation>
    </message>
    <message>
        <source>Hours billed</source>
        <translation>Jam yang ditagih</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <comment>hours billed of hours</comment>
        <translation>%1 dari %2</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Mulai</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>Listing</translation>
    </message>
    <message>
        <source>Rented</source>
        <translation>Disewa</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Wilayah</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Terakhir aktif</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Kedaluwarsa</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Alamat</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agen</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Nomor</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Tindakan</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Rincian</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Alasan</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Diajukan oleh</translation>
    </message>
    <message>
        <source>Asked at</source>
        <translation>Diajukan pada</translation>
    </message>
    <message>
        <source>Payout</source>
        <translation>Pencairan</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Penyedia</translation>
    </message>
    <message>
        <source>Requested</source>
        <translation>Diajukan pada</translation>
    </message>
    <message>
        <source>Account suspended</source>
        <translation>Akun ditangguhkan</translation>
    </message>
    <message>
        <source>Account reactivated</source>
        <translation>Akun diaktifkan kembali</translation>
    </message>
    <message>
        <source>Application approved</source>
        <translation>Pendaftaran penyedia disetujui</translation>
    </message>
    <message>
        <source>Application rejected</source>
        <translation>Pendaftaran penyedia ditolak</translation>
    </message>
    <message>
        <source>Payout paid</source>
        <translation>Pencairan dibayar</translation>
    </message>
    <message>
        <source>Payout rejected</source>
        <translation>Pencairan ditolak</translation>
    </message>
    <message>
        <source>active</source>
        <comment>account state</comment>
        <translation>aktif</translation>
    </message>
    <message>
        <source>pending approval</source>
        <comment>account state: a provider&apos;s application</comment>
        <translation>menunggu persetujuan</translation>
    </message>
    <message>
        <source>suspended</source>
        <comment>account state</comment>
        <translation>ditangguhkan</translation>
    </message>
    <message>
        <source>rejected</source>
        <comment>account state: a provider&apos;s application</comment>
        <translation>ditolak</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nama</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>Perusahaan</translation>
    </message>
    <message>
        <source>Late payment credited</source>
        <translation>Pembayaran terlambat dikreditkan</translation>
    </message>
    <message>
        <source>Late payment refunded</source>
        <translation>Pembayaran terlambat dikembalikan</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>Pembayaran</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Dibayar</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Dikreditkan</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>Kedaluwarsa</translation>
    </message>
    <message>
        <source>Paid late</source>
        <translation>Dibayar terlambat</translation>
    </message>
    <message>
        <source>email not confirmed</source>
        <comment>account state: signed up, the address not confirmed</comment>
        <translation>email belum dikonfirmasi</translation>
    </message>
    <message>
        <source>Approval refused: the requester&apos;s own adjustment</source>
        <translation>Upaya menyetujui tidak diizinkan: penyesuaian milik pengaju sendiri</translation>
    </message>
    <message>
        <source>Decline refused: the requester&apos;s own adjustment</source>
        <translation>Upaya menolak tidak diizinkan: penyesuaian milik pengaju sendiri</translation>
    </message>
    <message>
        <source>%1 &lt;%2&gt;</source>
        <comment>an account: its display name, then its email</comment>
        <translation>%1 &lt;%2&gt;</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>an adjustment: its amount, then its reason</comment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 (adjustment %3 waits for a second agent)</source>
        <translation>%1: %2 (penyesuaian %3 menunggu agen kedua)</translation>
    </message>
    <message>
        <source>%1: %2 (adjustment %3 asked for by agent %4)</source>
        <comment>an adjustment decided: its amount, the decision&apos;s reason, its number, who asked for it</comment>
        <translation>%1: %2 (penyesuaian %3 diajukan oleh agen %4)</translation>
    </message>
    <message>
        <source>%1 (adjustment %2): its requester may not decide it</source>
        <translation>%1 (penyesuaian %2): pengajunya tidak boleh memutuskannya</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <comment>a suspension: bids cancelled, listings paused, its reason</comment>
        <translation>%1, %2: %3</translation>
    </message>
    <message numerus="yes">
        <source>%n bid(s) cancelled</source>
        <translation>
            <numerusform>%n permintaan dibatalkan</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n listing(s) paused</source>
        <translation>
            <numerusform>%n listing dijeda</numerusform>
        </translation>
    </message>
    <message>
        <source>Payout %1 of %2 paid, reference %3: %4</source>
        <translation>Pencairan %1 sebesar %2 dibayar, referensi %3: %4</translation>
    </message>
    <message>
        <source>Payout %1 of %2 rejected: %3</source>
        <translation>Pencairan %1 sebesar %2 ditolak: %3</translation>
    </message>
    <message>
        <source>Late payment %1 credited %2: %3</source>
        <translation>Pembayaran terlambat %1 dikreditkan %2: %3</translation>
    </message>
    <message>
        <source>Late payment %1 of %2 refunded, reference %3: %4</source>
        <translation>Pembayaran terlambat %1 sebesar %2 dikembalikan, referensi %3: %4</translation>
    </message>
    <message>
        <source>reserved</source>
        <comment>rental state</comment>
        <translation>direservasi</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>rental state</comment>
        <translation>dibatalkan</translation>
    </message>
    <message>
        <source>Starts</source>
        <translation>Mulai</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>Ditahan</translation>
    </message>
    <message>
        <source>Cancellation fee</source>
        <translation>Biaya pembatalan</translation>
    </message>
</context>
<context>
    <name>everx::SupportWorkspace</name>
    <message>
        <source>All kinds</source>
        <translation>Semua jenis</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Ditolak: %1</translation>
    </message>
    <message>
        <source>none</source>
        <comment>no rows on the page</comment>
        <translation>tidak ada</translation>
    </message>
    <message>
        <source>%1 to %2 of %3</source>
        <comment>rows shown of all</comment>
        <translation>%1 sampai %2 dari %3</translation>
    </message>
    <message>
        <source>No account matches &quot;%1&quot;.</source>
        <translation>Tidak ada akun yang cocok dengan &quot;%1&quot;.</translation>
    </message>
    <message numerus="yes">
        <source>%n account(s) found.</source>
        <translation>
            <numerusform>%n akun ditemukan.</numerusform>
        </translation>
    </message>
    <message>
        <source>Account %1: %2, %3, %4, since %5</source>
        <translation>Akun %1: %2, %3, %4, sejak %5</translation>
    </message>
    <message>
        <source>Available %1, held %2</source>
        <translation>Tersedia %1, ditahan %2</translation>
    </message>
    <message>
        <source>Account %1 opened; the opening is in the audit log.</source>
        <translation>Akun %1 dibuka; pembukaannya tercatat di log audit.</translation>
    </message>
    <message numerus="yes">
        <source>Chain verified: %n entry(ies) of this account.</source>
        <translation>
            <numerusform>Rantai terverifikasi: %n entri akun ini.</numerusform>
        </translation>
    </message>
    <message>
        <source>Chain check failed: %1</source>
        <translation>Pemeriksaan rantai gagal: %1</translation>
    </message>
    <message>
        <source>Adjustment %1 of %2 waits for a second support agent.</source>
        <translation>Penyesuaian %1 sebesar %2 menunggu agen dukungan kedua.</translation>
    </message>
    <message>
        <source>Balance adjusted by %1; available now %2.</source>
        <translation>Saldo disesuaikan sebesar %1; kini tersedia %2.</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Tambah catatan</translation>
    </message>
    <message>
        <source>A note on %1, for support staff only:</source>
        <translation>Catatan tentang %1, hanya untuk staf dukungan:</translation>
    </message>
    <message>
        <source>Note added.</source>
        <translation>Catatan ditambahkan.</translation>
    </message>
    <message>
        <source>Select an adjustment in the queue first.</source>
        <translation>Pilih dulu penyesuaian di antrean.</translation>
    </message>
    <message>
        <source>Approve adjustment</source>
        <translation>Setujui penyesuaian</translation>
    </message>
    <message>
        <source>Decline adjustment</source>
        <translation>Tolak penyesuaian</translation>
    </message>
    <message>
        <source>Adjustment %1 approved and applied.</source>
        <translation>Penyesuaian %1 disetujui dan diterapkan.</translation>
    </message>
    <message>
        <source>Adjustment %1 declined.</source>
        <translation>Penyesuaian %1 ditolak.</translation>
    </message>
    <message>
        <source>An agent or account is its number, or empty for any.</source>
        <translation>Agen atau akun diisi nomornya, atau dikosongkan untuk semua.</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>Suspend account</source>
        <translation>Tangguhkan akun</translation>
    </message>
    <message>
        <source>Why do you suspend %1? Its open bids are cancelled, its listings paused and its sessions ended; running rentals run to their end.</source>
        <translation>Mengapa Anda menangguhkan %1? Permintaan terbukanya dibatalkan, listing-nya dijeda, dan sesinya diakhiri; penyewaan yang sedang berjalan tetap berjalan sampai selesai.</translation>
    </message>
    <message>
        <source>%1 suspended: its open bids are cancelled and its listings paused.</source>
        <translation>%1 ditangguhkan: permintaan terbukanya dibatalkan dan listing-nya dijeda.</translation>
    </message>
    <message>
        <source>Reactivate account</source>
        <translation>Aktifkan kembali akun</translation>
    </message>
    <message>
        <source>Why do you reactivate %1?</source>
        <translation>Mengapa Anda mengaktifkan kembali %1?</translation>
    </message>
    <message>
        <source>%1 reactivated; its listings stay paused until it resumes them.</source>
        <translation>%1 diaktifkan kembali; listing-nya tetap dijeda sampai pemiliknya melanjutkannya.</translation>
    </message>
    <message>
        <source>Approve application</source>
        <translation>Setujui pendaftaran penyedia</translation>
    </message>
    <message>
        <source>Why do you approve the provider application of %1?</source>
        <translation>Mengapa Anda menyetujui pendaftaran penyedia dari %1?</translation>
    </message>
    <message>
        <source>Reject application</source>
        <translation>Tolak pendaftaran penyedia</translation>
    </message>
    <message>
        <source>Why do you reject the provider application of %1?</source>
        <translation>Mengapa Anda menolak pendaftaran penyedia dari %1?</translation>
    </message>
    <message>
        <source>Application of %1 approved: the provider is active.</source>
        <translation>Pendaftaran penyedia %1 disetujui: penyedia kini aktif.</translation>
    </message>
    <message>
        <source>Application of %1 rejected.</source>
        <translation>Pendaftaran penyedia %1 ditolak.</translation>
    </message>
    <message>
        <source>Select a payout request in the queue first.</source>
        <translation>Pilih dulu pengajuan pencairan di antrean.</translation>
    </message>
    <message>
        <source>Mark payout paid</source>
        <translation>Tandai pencairan dibayar</translation>
    </message>
    <message>
        <source>Payout %1 of %2 to provider %3: why is it paid?</source>
        <translation>Pencairan %1 sebesar %2 kepada penyedia %3: apa alasan menandainya dibayar?</translation>
    </message>
    <message>
        <source>Reject payout</source>
        <translation>Tolak pencairan</translation>
    </message>
    <message>
        <source>Why do you reject payout %1 of %2 to provider %3? The amount returns to the provider&apos;s earnings.</source>
        <translation>Mengapa Anda menolak pencairan %1 sebesar %2 kepada penyedia %3? Jumlahnya kembali ke pendapatan penyedia.</translation>
    </message>
    <message>
        <source>Bank transfer &amp;reference:</source>
        <translation>&amp;Referensi transfer bank:</translation>
    </message>
    <message>
        <source>Payout %1 of %2 marked paid, reference %3.</source>
        <translation>Pencairan %1 sebesar %2 ditandai dibayar, referensi %3.</translation>
    </message>
    <message>
        <source>Payout %1 of %2 rejected; the amount is back in the provider&apos;s earnings.</source>
        <translation>Pencairan %1 sebesar %2 ditolak; jumlahnya kembali ke pendapatan penyedia.</translation>
    </message>
    <message>
        <source>Available %1, held %2, earnings %3, payout pending %4</source>
        <translation>Tersedia %1, ditahan %2, pendapatan %3, pencairan menunggu %4</translation>
    </message>
    <message>
        <source>No provider&apos;s application is waiting.</source>
        <translation>Tidak ada pendaftaran penyedia yang menunggu.</translation>
    </message>
    <message>
        <source>Select a late payment in the queue first.</source>
        <translation>Pilih dulu pembayaran terlambat di antrean.</translation>
    </message>
    <message>
        <source>Credit late payment</source>
        <translation>Kreditkan pembayaran terlambat</translation>
    </message>
    <message>
        <source>Payment %1 of %2 from account %3 arrived after its top-up expired. Why do you credit %4 to the account?</source>
        <translation>Pembayaran %1 sebesar %2 dari akun %3 tiba setelah isi saldonya kedaluwarsa. Mengapa Anda mengkreditkan %4 ke akun tersebut?</translation>
    </message>
    <message>
        <source>Mark late payment refunded</source>
        <translation>Tandai pembayaran terlambat dikembalikan</translation>
    </message>
    <message>
        <source>Payment %1 of %2 from account %3 arrived after its top-up expired. Why was it refunded? Nothing is credited.</source>
        <translation>Pembayaran %1 sebesar %2 dari akun %3 tiba setelah isi saldonya kedaluwarsa. Mengapa dikembalikan? Tidak ada yang dikreditkan.</translation>
    </message>
    <message>
        <source>Refund &amp;reference:</source>
        <translation>&amp;Referensi pengembalian:</translation>
    </message>
    <message>
        <source>Payment %1 credited: %2 to account %3.</source>
        <translation>Pembayaran %1 dikreditkan: %2 ke akun %3.</translation>
    </message>
    <message>
        <source>Payment %1 marked refunded, reference %2.</source>
        <translation>Pembayaran %1 ditandai dikembalikan, referensi %2.</translation>
    </message>
    <message>
        <source>You asked for this adjustment: a second support agent decides it.</source>
        <translation>Anda yang mengajukan penyesuaian ini: agen dukungan kedua yang memutuskannya.</translation>
    </message>
    <message>
        <source>Adjustment %1: %2 to %3, asked for by %4 on %5.
Their reason: %6</source>
        <translation>Penyesuaian %1: %2 untuk %3, diajukan oleh %4 pada %5.
Alasannya: %6</translation>
    </message>
    <message>
        <source>%1

Why do you approve it? It is applied at once.</source>
        <translation>%1

Mengapa Anda menyetujuinya? Penyesuaian langsung diterapkan.</translation>
    </message>
    <message>
        <source>%1

Why do you decline it? Nothing moves.</source>
        <translation>%1

Mengapa Anda menolaknya? Tidak ada dana yang berpindah.</translation>
    </message>
</context>
<context>
    <name>everx::TopUpDialog</name>
    <message>
        <source>Top up</source>
        <translation>Isi saldo</translation>
    </message>
    <message>
        <source>&amp;Currency:</source>
        <translation>&amp;Mata uang:</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>&amp;Jumlah:</translation>
    </message>
    <message>
        <source>USD – US dollar</source>
        <translation>USD – dolar AS</translation>
    </message>
    <message>
        <source>EUR – euro</source>
        <translation>EUR – euro</translation>
    </message>
    <message>
        <source>GBP – pound sterling</source>
        <translation>GBP – pound sterling</translation>
    </message>
    <message>
        <source>&amp;Top up</source>
        <translation>&amp;Isi saldo</translation>
    </message>
    <message>
        <source>Enter an amount such as %1, with at most two decimals.</source>
        <translation>Masukkan jumlah seperti %1, dengan paling banyak dua desimal.</translation>
    </message>
    <message>
        <source>The amount must be more than zero.</source>
        <translation>Jumlah harus lebih dari nol.</translation>
    </message>
    <message>
        <source>Getting a quote…</source>
        <translation>Meminta kuotasi kurs…</translation>
    </message>
    <message>
        <source>No quote: %1</source>
        <translation>Tidak ada kuotasi: %1</translation>
    </message>
    <message>
        <source>The exchange sent a quote the desk cannot read.</source>
        <translation>Bursa mengirim kuotasi yang tidak dapat dibaca aplikasi.</translation>
    </message>
    <message>
        <source>%1 will be credited.</source>
        <translation>%1 akan dikreditkan.</translation>
    </message>
    <message>
        <source>≈ %1 credited at 1 %2 = %3 USD</source>
        <translation>≈ %1 dikreditkan dengan kurs 1 %2 = %3 USD</translation>
    </message>
    <message>
        <source>The top-up was refused: %1</source>
        <translation>Pengisian saldo ditolak: %1</translation>
    </message>
    <message>
        <source>Topped up %1: %2 credited.</source>
        <translation>Saldo diisi %1: %2 dikreditkan.</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Tutup</translation>
    </message>
    <message>
        <source>Top-up %1 waits for your payment of %2.</source>
        <translation>Isi saldo %1 menunggu pembayaran Anda sebesar %2.</translation>
    </message>
    <message>
        <source>Waiting for your payment of %1 with the reference %2. %3 is credited when it arrives; unpaid, the top-up expires at %4.</source>
        <translation>Menunggu pembayaran Anda sebesar %1 dengan referensi %2. %3 dikreditkan ke saldo saat pembayaran diterima; jika tidak dibayar, isi saldo ini kedaluwarsa pada %4.</translation>
    </message>
    <message>
        <source>Payment %1 received: %2 credited to your balance.</source>
        <translation>Pembayaran %1 diterima: %2 dikreditkan ke saldo Anda.</translation>
    </message>
    <message>
        <source>No payment arrived for %1; the top-up expired.</source>
        <translation>Tidak ada pembayaran untuk %1; isi saldo ini sudah kedaluwarsa.</translation>
    </message>
    <message>
        <source>Payment %1 arrived after the top-up expired: support will credit it or have it refunded.</source>
        <translation>Pembayaran %1 tiba setelah isi saldo kedaluwarsa: tim dukungan akan mengkreditkannya atau mengembalikannya.</translation>
    </message>
    <message>
        <source>Payment %1 arrived after the top-up expired and was refunded (reference %2).</source>
        <translation>Pembayaran %1 tiba setelah isi saldo kedaluwarsa dan telah dikembalikan (referensi %2).</translation>
    </message>
</context>
<context>
    <name>everx::TradeTapeModel</name>
    <message>
        <source>Buy</source>
        <comment>trade tape: a buyer took an offer</comment>
        <translation>Beli</translation>
    </message>
    <message>
        <source>Sell</source>
        <comment>trade tape: an offer met a resting bid</comment>
        <translation>Jual</translation>
    </message>
    <message>
        <source>Time</source>
        <comment>of a trade</comment>
        <translation>Waktu</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Harga</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Jml GPU</translation>
    </message>
    <message>
        <source>Hours</source>
        <comment>rental length of a trade</comment>
        <translation>Jam</translation>
    </message>
    <message>
        <source>Side</source>
        <comment>who started a trade</comment>
        <translation>Sisi</translation>
    </message>
    <message numerus="yes">
        <source>%Ln h</source>
        <comment>hours a trade rents for</comment>
        <translation>
            <numerusform>%Ln jam</numerusform>
        </translation>
    </message>
    <message>
        <source>Earlier</source>
        <comment>trade tape: a trade from before the desk opened, side unknown</comment>
        <translation>Sebelumnya</translation>
    </message>
</context>
<context>
    <name>everx::TradeTapeView</name>
    <message>
        <source>Trades</source>
        <comment>the trade tape</comment>
        <translation>Transaksi</translation>
    </message>
    <message>
        <source>Trade tape</source>
        <translation>Daftar transaksi</translation>
    </message>
</context>
<context>
    <name>everx::WalletWidget</name>
    <message>
        <source>The ledger could not be loaded: %1</source>
        <translation>Buku besar tidak dapat dimuat: %1</translation>
    </message>
    <message>
        <source>Wallet</source>
        <translation>Dompet</translation>
    </message>
    <message>
        <source>Available:</source>
        <comment>balance</comment>
        <translation>Tersedia:</translation>
    </message>
    <message>
        <source>Held:</source>
        <comment>balance</comment>
        <translation>Ditahan:</translation>
    </message>
    <message>
        <source>&amp;Top up…</source>
        <translation>&amp;Isi saldo…</translation>
    </message>
    <message>
        <source>Add money to your prepaid balance (%1)</source>
        <translation>Tambahkan dana ke saldo prabayar Anda (%1)</translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation>&amp;Ekspor CSV…</translation>
    </message>
    <message>
        <source>Save the entries shown as a CSV file</source>
        <translation>Simpan entri yang ditampilkan sebagai file CSV</translation>
    </message>
    <message>
        <source>The invoice of the rental the selected entry bills</source>
        <translation>Faktur penyewaan yang ditagih oleh entri terpilih</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <comment>of ledger entries</comment>
        <translation>Je&amp;nis:</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Semua jenis</translation>
    </message>
    <message>
        <source>T&amp;o</source>
        <comment>date</comment>
        <translation>&amp;Sampai</translation>
    </message>
    <message>
        <source>From date</source>
        <translation>Tanggal awal</translation>
    </message>
    <message>
        <source>To date</source>
        <translation>Tanggal akhir</translation>
    </message>
    <message>
        <source>Search memo, reference, amount…</source>
        <translation>Cari catatan, referensi, jumlah…</translation>
    </message>
    <message>
        <source>Search the ledger</source>
        <translation>Cari di buku besar</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Buku besar</translation>
    </message>
    <message>
        <source>&amp;Wallet</source>
        <translation>&amp;Dompet</translation>
    </message>
    <message>
        <source>&amp;Export ledger…</source>
        <translation>&amp;Ekspor buku besar…</translation>
    </message>
    <message>
        <source>Export ledger</source>
        <translation>Ekspor buku besar</translation>
    </message>
    <message>
        <source>ledger-%1.csv</source>
        <comment>file name</comment>
        <translation>buku-besar-%1.csv</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>File CSV (*.csv)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n ledger entry(s) to %1.</source>
        <translation>
            <numerusform>%n entri buku besar diekspor ke %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Top-ups waiting for &amp;payment:</source>
        <translation>Isi saldo yang menunggu &amp;pembayaran:</translation>
    </message>
    <message>
        <source>Top-ups waiting for payment</source>
        <translation>Isi saldo yang menunggu pembayaran</translation>
    </message>
    <message>
        <source>Offline: top-ups wait for the connection.</source>
        <translation>Luring: isi saldo menunggu koneksi.</translation>
    </message>
    <message>
        <source>Top &amp;up…</source>
        <translation>&amp;Isi saldo…</translation>
    </message>
    <message>
        <source>Invoi&amp;ce…</source>
        <translation>Fa&amp;ktur…</translation>
    </message>
    <message>
        <source>F&amp;rom</source>
        <comment>date</comment>
        <translation>Da&amp;ri</translation>
    </message>
</context>
<context>
    <name>everx::WebSocketTransport</name>
    <message>
        <source>Not a ws:// or wss:// address: %1</source>
        <translation>Bukan alamat ws:// atau wss://: %1</translation>
    </message>
    <message>
        <source>certificate fingerprint mismatch: expected SHA-256 %1, the server presented %2</source>
        <translation>sidik jari sertifikat tidak cocok: diharapkan SHA-256 %1, server memberikan %2</translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not trusted (SHA-256 %1)</source>
        <translation>Sertifikat server tidak tepercaya (SHA-256 %1)</translation>
    </message>
</context>
<context>
    <name>everx::WorkloadPage</name>
    <message>
        <source>Workload</source>
        <translation>Beban kerja</translation>
    </message>
    <message>
        <source>What will the GPUs do?</source>
        <translation>Apa yang akan dikerjakan GPU?</translation>
    </message>
    <message>
        <source>&amp;Pre-training or full fine-tuning</source>
        <translation>&amp;Pra-pelatihan atau penyetelan halus penuh</translation>
    </message>
    <message>
        <source>&amp;LoRA fine-tuning</source>
        <translation>Penyetelan halus Lo&amp;RA</translation>
    </message>
    <message>
        <source>&amp;QLoRA fine-tuning</source>
        <translation>Penyetelan halus &amp;QLoRA</translation>
    </message>
    <message>
        <source>&amp;Inference (serving)</source>
        <translation>&amp;Inferensi (penyajian)</translation>
    </message>
    <message>
        <source>Every weight trains: weights, gradients and AdamW states all sit on the GPUs, about 16 bytes per parameter.</source>
        <translation>Semua bobot dilatih: bobot, gradien, dan status AdamW semuanya berada di GPU, sekitar 16 byte per parameter.</translation>
    </message>
    <message>
        <source>Small adapters train on a frozen 16-bit base: about 2 bytes per parameter, often on one GPU.</source>
        <translation>Adaptor kecil dilatih di atas model dasar 16-bit yang dibekukan: sekitar 2 byte per parameter, sering kali pada satu GPU.</translation>
    </message>
    <message>
        <source>LoRA on a base quantised to 4 bit: well under 1 byte per parameter, in exchange for slower steps.</source>
        <translation>LoRA pada model dasar yang dikuantisasi ke 4 bit: jauh di bawah 1 byte per parameter, namun langkahnya lebih lambat.</translation>
    </message>
    <message>
        <source>Serve the model: 16-bit weights plus the KV cache for the context of every sequence served at once.</source>
        <translation>Menyajikan model: bobot 16-bit ditambah KV cache untuk konteks setiap sekuens yang dilayani sekaligus.</translation>
    </message>
</context>
</TS>
