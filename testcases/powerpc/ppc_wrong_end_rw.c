// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc user_access_begin() closed by the read end
 * check-description: user_access_begin() opens both directions (allow_read_write_user()); user_read_access_end() ends only reading, so on book3s/32 the write window stays open: a region finding at the end on the success path; the fault path's user_access_end() (prevent_current_access_user()) is right.
 * check-level: 0
 *
 * check-output-start
ppc_wrong_end_rw.c:30:9: warning: user_read_access_end() does not close the region opened by user_access_begin() [-Wuaccess-region]
ppc_wrong_end_rw.c:26:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_slot {
	u32 seq;
	u32 ack;
};

int ppc_ack_slot_badend(struct ppc_slot __user *s, u32 *seq);
int ppc_ack_slot_badend(struct ppc_slot __user *s, u32 *seq)
{
	if (!user_access_begin(s, sizeof(*s)))
		return -EFAULT;
	unsafe_get_user(*seq, &s->seq, efault);
	unsafe_put_user(*seq + 1, &s->ack, efault);
	user_read_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_ack_slot_badend);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: user_access_begin() closed by the read end");
