// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc copies and an fpr loop past the checked bytes
 * check-description: Past the checked bytes through powerpc's indexed word loops: the two 32-byte copies into the 24-byte data[] reach bytes 8..39 of a 32-byte check (the x86 plugin reports the same copies so: a constant-length copy is one access of off..off+N-1, docs/diagnostics.md), and unsafe_copy_fpr_to_user() starts at frame->fpr, byte 16, past the 16 checked bytes (docs/diagnostics.md's lower bound: a forward loop that starts outside the check is range, 'bytes from N'); each is a range finding.
 * check-level: 0
 * The loops index their pointer (&buf[i], _dst + _i) where x86's copy advances it: an index counted up from 0 keeps the offset before it as a lower bound. The fpr loop's two stores give one diagnostic: the same text at the same place is printed once.
 *
 * check-output-start
ppc_range_index_loop.c:38:9: warning: unsafe_copy_to_user() accesses bytes 8..39 of 'dst', beyond the 32 bytes checked [-Wuaccess-range]
ppc_range_index_loop.c:36:14: note: checked here
ppc_range_index_loop.c:52:9: warning: unsafe_copy_from_user() accesses bytes 8..39 of 'src', beyond the 32 bytes checked [-Wuaccess-range]
ppc_range_index_loop.c:50:14: note: checked here
ppc_range_index_loop.c:74:9: warning: unsafe_put_user() accesses bytes from 16 of 'frame', beyond the 16 bytes checked [-Wuaccess-range]
ppc_range_index_loop.c:70:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <asm/elf.h>
#include <../kernel/signal.h>

struct ppc_blob2 {
	u32 len;
	u32 flags;
	u8 data[24];
};

int ppc_store_blob_long(struct ppc_blob2 __user *dst, const u8 *src);
int ppc_store_blob_long(struct ppc_blob2 __user *dst, const u8 *src)
{
	if (!user_write_access_begin(dst, sizeof(*dst)))
		return -EFAULT;
	unsafe_copy_to_user(dst->data, src, 32, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_store_blob_long);

int ppc_fetch_blob_long(u8 *dst, const struct ppc_blob2 __user *src);
int ppc_fetch_blob_long(u8 *dst, const struct ppc_blob2 __user *src)
{
	if (!user_read_access_begin(src, sizeof(*src)))
		return -EFAULT;
	unsafe_copy_from_user(dst, src->data, 32, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_fetch_blob_long);

struct ppc_fpframe {
	u64 nip;
	u64 msr;
	u64 fpr[ELF_NFPREG];
};

int ppc_save_fpr_short(struct ppc_fpframe __user *frame, u64 nip, u64 msr);
int ppc_save_fpr_short(struct ppc_fpframe __user *frame, u64 nip, u64 msr)
{
	if (!user_write_access_begin(frame, 2 * sizeof(u64)))
		return -EFAULT;
	unsafe_put_user(nip, &frame->nip, efault);
	unsafe_put_user(msr, &frame->msr, efault);
	unsafe_copy_fpr_to_user(frame->fpr, current, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_save_fpr_short);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: copies and an fpr loop past the checked bytes");
