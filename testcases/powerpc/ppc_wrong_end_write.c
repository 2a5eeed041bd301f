// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc write region closed by the read end
 * check-description: The fault path closes the write region with user_read_access_end(), prevent_current_read_from_user(): on book3s/32 prevent_user_access(KUAP_READ) returns without touching the segment registers, so user memory stays writable after the function returns; a region finding at that end, the success path's user_write_access_end() being right.
 * check-level: 0
 *
 * check-output-start
ppc_wrong_end_write.c:35:9: warning: user_read_access_end() does not close the region opened by user_write_access_begin() [-Wuaccess-region]
ppc_wrong_end_write.c:27:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_stat {
	u64 ino;
	u32 mode;
	u32 nlink;
};

int ppc_put_stat_badend(struct ppc_stat __user *st, u64 ino, u32 mode, u32 nlink);
int ppc_put_stat_badend(struct ppc_stat __user *st, u64 ino, u32 mode, u32 nlink)
{
	if (!user_write_access_begin(st, sizeof(*st)))
		return -EFAULT;
	unsafe_put_user(ino, &st->ino, efault);
	unsafe_put_user(mode, &st->mode, efault);
	unsafe_put_user(nlink, &st->nlink, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_put_stat_badend);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: write region closed by the read end");
