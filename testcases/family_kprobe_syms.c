// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __get_user() on a symbol array with no access_ok()
 * check-description: The bpf kprobe_multi copy_user_syms() shape (kernel/trace/bpf_trace.c, fixed by d5dc200c3a3f "bpf: Add missing access_ok call to copy_user_syms", 2026): the array pointer is made with u64_to_user_ptr() from a field of the attribute block and handed to a helper in the same unit, which reads each entry with __get_user(), an accessor that checks nothing on x86 and powerpc; no access_ok() covers the array on any path.
 * check-level: 0
 *
 * check-output-start
family_kprobe_syms.c:69:16: warning: call to 'uc_kmulti_copy_syms' passes 'usyms' to __get_user() without validating it on every path; get_user() checks it [-Wuaccess-unchecked]
family_kprobe_syms.c:48:21: note: accessed here
family_kprobe_syms.c:69:16: note: no check of 'usyms' (= attr->syms) was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_KSYM_LEN	64
#define UC_KSYM_MAX	32

struct uc_kmulti_attr {
	__u64 syms;
	__u32 cnt;
	__u32 flags;
};

struct uc_ksyms {
	char *buf;
	u32 cnt;
};

static int uc_kmulti_copy_syms(struct uc_ksyms *ks, unsigned long __user *usyms,
			       u32 cnt)
{
	unsigned long addr;
	char *buf, *p;
	long len;
	u32 i;

	buf = kcalloc(cnt, UC_KSYM_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	for (p = buf, i = 0; i < cnt; i++, p += UC_KSYM_LEN) {
		if (__get_user(addr, usyms + i))
			goto efault;
		len = strncpy_from_user(p, (const char __user *)addr, UC_KSYM_LEN);
		if (len < 0 || len == UC_KSYM_LEN)
			goto efault;
	}
	ks->buf = buf;
	ks->cnt = cnt;
	return 0;
efault:
	kfree(buf);
	return -EFAULT;
}

int uc_kmulti_attach(const struct uc_kmulti_attr *attr, struct uc_ksyms *ks);
int uc_kmulti_attach(const struct uc_kmulti_attr *attr, struct uc_ksyms *ks)
{
	unsigned long __user *usyms = u64_to_user_ptr(attr->syms);

	if (!usyms || !attr->cnt || attr->cnt > UC_KSYM_MAX)
		return -EINVAL;
	return uc_kmulti_copy_syms(ks, usyms, attr->cnt);
}
EXPORT_SYMBOL_GPL(uc_kmulti_attach);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __get_user() on a symbol array with no access_ok()");
